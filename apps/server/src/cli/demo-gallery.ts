import { cardBodySchema } from '@brushline/shared/cards/schemas';
import { displayCardBodySchema } from '@brushline/shared/gallery/browse-schemas';
import type { Privacy } from '@brushline/shared/gallery/constants';
import { folderCreateBodySchema, galleryImageCreateBodySchema } from '@brushline/shared/gallery/schemas';
import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { createCard } from '../modules/cards/cards.service.ts';
import { createDisplayCard } from '../modules/gallery/display-cards.service.ts';
import { createFolder } from '../modules/gallery/folders.service.ts';
import { addImage } from '../modules/gallery/images.service.ts';
import { updateProfile } from '../modules/users/profile.service.ts';
import { actorOf, picture } from './demo-content.ts';

type Hues = [number, number, number];
interface DemoImage {
  title: string;
  tags: string[];
  size: [number, number];
  hues: Hues;
  privacy?: Privacy;
}

/** Uploads and places images in `folderId`, through the same services as the API; answers their ids. */
async function placeImages(
  deps: Deps,
  actor: Actor,
  folderId: string | null,
  images: DemoImage[],
  seed: number,
) {
  const ids: string[] = [];
  for (const [i, image] of images.entries()) {
    const media = await picture(deps, actor, 'gallery', image.size, image.hues, seed + i * 7);
    const placed = await addImage(
      deps,
      actor,
      galleryImageCreateBodySchema.parse({
        mediaId: media.id,
        folderId,
        privacy: image.privacy ?? 'Public',
        title: image.title,
        tags: image.tags,
      }),
    );
    ids.push(placed.id);
  }
  return ids;
}

const folder = (deps: Deps, actor: Actor, folderName: string, privacy: Privacy) =>
  createFolder(deps, actor, folderCreateBodySchema.parse({ folderName, privacy }));

/**
 * Demo galleries (issue 11 §7): the demo artist's folders (one Private), tagged images using the
 * demo tags and a shown display card; a second demo artist (demo_painter) with an open card whose
 * example folder is theirs, so /artists has two cards to filter. Runs after the demo tags exist.
 */
export async function seedDemoGallery(
  deps: Deps,
  accounts: { artist: { id: string; login: string }; painter: { id: string; login: string } },
) {
  const artist = actorOf(accounts.artist.id, accounts.artist.login, ['artist']);
  const portraits = await folder(deps, artist, 'Portraits', 'Public');
  const creatures = await folder(deps, artist, 'Creatures', 'Public');
  const sketchbook = await folder(deps, artist, 'Sketchbook', 'Private');
  const portraitIds = await placeImages(
    deps,
    artist,
    portraits.id,
    [
      {
        title: 'Elf ranger at dusk',
        tags: ['elf', 'bust', 'digital', 'fantasy'],
        size: [800, 1000],
        hues: [30, 280, 200],
      },
      {
        title: 'Knight in warm light',
        tags: ['human', 'half_body', 'digital', 'cel_shading'],
        size: [900, 1200],
        hues: [20, 45, 210],
      },
      {
        title: 'Quiet portrait',
        tags: ['human', 'headshot', 'watercolor'],
        size: [1000, 1000],
        hues: [190, 220, 340],
      },
    ],
    31,
  );
  const creatureIds = await placeImages(
    deps,
    artist,
    creatures.id,
    [
      { title: 'Sleepy fox', tags: ['fox', 'cute', 'watercolor'], size: [1200, 800], hues: [25, 40, 120] },
      {
        title: 'Cat knight',
        tags: ['cat', 'full_body', 'digital', 'fantasy'],
        size: [800, 1200],
        hues: [210, 250, 40],
      },
      {
        title: 'Little dragon',
        tags: ['dragon', 'chibi', 'digital'],
        size: [1000, 1000],
        hues: [120, 160, 300],
      },
    ],
    47,
  );
  await placeImages(
    deps,
    artist,
    sketchbook.id,
    [
      { title: 'Warm-up gestures', tags: ['sketch', 'graphite'], size: [1200, 900], hues: [40, 50, 60] },
      { title: 'Wolf studies', tags: ['wolf', 'sketch', 'ink'], size: [900, 900], hues: [220, 230, 240] },
    ],
    61,
  );
  // One outside any folder, Private: on the artist's page, not in the main gallery.
  await placeImages(
    deps,
    artist,
    null,
    [
      {
        title: 'Colour study',
        tags: ['landscape', 'gouache'],
        size: [1000, 700],
        hues: [30, 210, 50],
        privacy: 'Private',
      },
    ],
    71,
  );
  await createDisplayCard(
    deps,
    artist,
    displayCardBodySchema.parse({
      tags: ['fantasy', 'digital', 'original_character'],
      displayMedia: [portraitIds[0], creatureIds[1], portraitIds[1]],
    }),
  );

  // The second artist: landscapes and animals in traditional media, cheaper, taking commissions.
  const painter = actorOf(accounts.painter.id, accounts.painter.login, ['artist']);
  await updateProfile(deps, painter, {
    displayName: 'Demo Painter',
    avatarMediaId: (await picture(deps, painter, 'avatar', [400, 400], [120, 160, 40], 13)).id,
  });
  const examples = await folder(deps, painter, 'Pet portraits', 'Public');
  const petIds = await placeImages(
    deps,
    painter,
    examples.id,
    [
      { title: 'Good dog', tags: ['dog', 'headshot', 'watercolor'], size: [900, 900], hues: [30, 45, 200] },
      {
        title: 'Owl on a branch',
        tags: ['owl', 'full_body', 'gouache'],
        size: [800, 1100],
        hues: [30, 90, 260],
      },
      {
        title: 'Rabbit in the grass',
        tags: ['rabbit', 'detailed_background', 'oil_painting'],
        size: [1100, 800],
        hues: [90, 120, 50],
      },
    ],
    83,
  );
  const landscapes = await folder(deps, painter, 'Landscapes', 'Public');
  await placeImages(
    deps,
    painter,
    landscapes.id,
    [
      {
        title: 'Harbour in the morning',
        tags: ['landscape', 'oil_painting'],
        size: [1400, 800],
        hues: [200, 30, 180],
      },
    ],
    97,
  );
  await createCard(
    deps,
    painter,
    cardBodySchema.parse({
      title: 'Pet portrait in watercolour',
      infoProvidedByTheAuthor: 'Your pet painted from a photo, on paper, scanned in high resolution.',
      startingPrice: 25,
      terms: 'Personal use only. Payment up front. One revision included.',
      galleryFolder: examples.id,
      isOpenComission: true,
      isCommissionsOpen: true,
      revisionsIncluded: 1,
    }),
  );
  await createDisplayCard(
    deps,
    painter,
    displayCardBodySchema.parse({ tags: ['mammal', 'watercolor', 'gouache'], displayMedia: petIds }),
  );
}
