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

/** A demo picture: its title, tags (space-separated), size and three hues, and privacy (default Public). */
const img = (
  title: string,
  tags: string,
  size: [number, number],
  hues: Hues,
  privacy?: Privacy,
): DemoImage => ({
  title,
  tags: tags.split(' '),
  size,
  hues,
  ...(privacy && { privacy }),
});

/** One folder of a demo gallery (`name` null: images outside any folder) and its images. */
interface DemoFolder {
  name: string | null;
  /** The folder's privacy (default Public). */
  privacy?: Privacy;
  /** Seeds the pictures' noise, so each folder's pictures differ. */
  seed: number;
  images: DemoImage[];
}

/**
 * Builds a demo gallery through the same services as the API: each folder, then its pictures
 * uploaded and placed in it. Answers the image ids by folder name (null: outside folders).
 */
async function buildGallery(deps: Deps, actor: Actor, folders: DemoFolder[]) {
  const ids = new Map<string | null, string[]>();
  const folderIds = new Map<string, string>();
  for (const spec of folders) {
    const folderId =
      spec.name === null
        ? null
        : (
            await createFolder(
              deps,
              actor,
              folderCreateBodySchema.parse({ folderName: spec.name, privacy: spec.privacy ?? 'Public' }),
            )
          ).id;
    if (spec.name !== null && folderId !== null) folderIds.set(spec.name, folderId);
    const placed: string[] = [];
    for (const [i, image] of spec.images.entries()) {
      const media = await picture(deps, actor, 'gallery', image.size, image.hues, spec.seed + i * 7);
      const added = await addImage(
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
      placed.push(added.id);
    }
    ids.set(spec.name, placed);
  }
  return {
    images: (name: string | null) => ids.get(name) ?? [],
    folderId: (name: string) => folderIds.get(name)!,
  };
}

/**
 * Demo galleries (decision 0017): the demo artist's folders (one Private), tagged images using the
 * demo tags and a shown display card; a second demo artist (demo_painter) with an open card whose
 * example folder is theirs, so /artists has two cards to filter. Runs after the demo tags exist.
 */
export async function seedDemoGallery(
  deps: Deps,
  accounts: { artist: { id: string; login: string }; painter: { id: string; login: string } },
) {
  const artist = actorOf(accounts.artist.id, accounts.artist.login, ['artist']);
  const artistGallery = await buildGallery(deps, artist, [
    {
      name: 'Portraits',
      seed: 31,
      images: [
        img('Elf ranger at dusk', 'elf bust digital fantasy', [800, 1000], [30, 280, 200]),
        img('Knight in warm light', 'human half_body digital cel_shading', [900, 1200], [20, 45, 210]),
        img('Quiet portrait', 'human headshot watercolor', [1000, 1000], [190, 220, 340]),
      ],
    },
    {
      name: 'Creatures',
      seed: 47,
      images: [
        img('Sleepy fox', 'fox cute watercolor', [1200, 800], [25, 40, 120]),
        img('Cat knight', 'cat full_body digital fantasy', [800, 1200], [210, 250, 40]),
        img('Little dragon', 'dragon chibi digital', [1000, 1000], [120, 160, 300]),
      ],
    },
    {
      name: 'Sketchbook',
      privacy: 'Private',
      seed: 61,
      images: [
        img('Warm-up gestures', 'sketch graphite', [1200, 900], [40, 50, 60]),
        img('Wolf studies', 'wolf sketch ink', [900, 900], [220, 230, 240]),
      ],
    },
    // One outside any folder, Private: on the artist's page, not in the main gallery.
    {
      name: null,
      seed: 71,
      images: [img('Colour study', 'landscape gouache', [1000, 700], [30, 210, 50], 'Private')],
    },
  ]);
  const portraitIds = artistGallery.images('Portraits');
  const creatureIds = artistGallery.images('Creatures');
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
  const painterGallery = await buildGallery(deps, painter, [
    {
      name: 'Pet portraits',
      seed: 83,
      images: [
        img('Good dog', 'dog headshot watercolor', [900, 900], [30, 45, 200]),
        img('Owl on a branch', 'owl full_body gouache', [800, 1100], [30, 90, 260]),
        img('Rabbit in the grass', 'rabbit detailed_background oil_painting', [1100, 800], [90, 120, 50]),
      ],
    },
    {
      name: 'Landscapes',
      seed: 97,
      images: [img('Harbour in the morning', 'landscape oil_painting', [1400, 800], [200, 30, 180])],
    },
  ]);
  const petIds = painterGallery.images('Pet portraits');
  await createCard(
    deps,
    painter,
    cardBodySchema.parse({
      title: 'Pet portrait in watercolour',
      infoProvidedByTheAuthor: 'Your pet painted from a photo, on paper, scanned in high resolution.',
      startingPrice: 25,
      terms: 'Personal use only. Payment up front. One revision included.',
      galleryFolder: painterGallery.folderId('Pet portraits'),
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
