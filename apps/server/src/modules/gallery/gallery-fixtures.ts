import type { Card } from '@brushline/shared/cards/schemas';
import type {
  Folder,
  FolderCreateBodyInput,
  GalleryImage,
  GalleryImageCreateBodyInput,
} from '@brushline/shared/gallery/schemas';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { DISPLAY_CARD_MEDIA } from '@brushline/shared/gallery/constants';
import type { TestApp } from '../../test/harness.ts';
import { pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';

/** Test helpers of the gallery suites (not a test file itself). */

export async function createFolder(t: TestApp, user: TestUser, body: FolderCreateBodyInput): Promise<Folder> {
  const res = await call(t.app, 'POST', '/api/folder/create', user.cookie, body);
  if (res.statusCode !== 200) throw new Error(`folder/create ${res.statusCode}: ${res.body}`);
  return res.json<{ folder: Folder }>().folder;
}

let colour = 0;
/** Uploads a small picture for the gallery and places it there. */
export async function addImage(
  t: TestApp,
  user: TestUser,
  body: Omit<GalleryImageCreateBodyInput, 'mediaId'> = {},
): Promise<GalleryImage> {
  colour = (colour + 37) % 255;
  const media = await uploadImage(t.app, user.cookie, {
    purpose: 'gallery',
    bytes: await pngBytes(24, 24, `rgb(${colour}, 90, 120)`),
  });
  const res = await call(t.app, 'POST', '/api/gallery/image', user.cookie, { ...body, mediaId: media.id });
  if (res.statusCode !== 200) throw new Error(`gallery/image ${res.statusCode}: ${res.body}`);
  return res.json<{ image: GalleryImage }>().image;
}

/** An artist with an open card (`commission`) and a display card of three Public images tagged `tags`. */
export async function shownArtist(
  t: TestApp,
  tags: string[],
  opts: { price?: number; taking?: boolean; imageTags?: string[] } = {},
): Promise<{ user: TestUser; card: DisplayCard; images: GalleryImage[]; commission: Card }> {
  const user = await registerArtist(t);
  const commission = await createCard(t, user, {
    startingPrice: opts.price ?? 20,
    isOpenComission: true,
    isCommissionsOpen: opts.taking ?? true,
  });
  const images: GalleryImage[] = [];
  for (let i = 0; i < DISPLAY_CARD_MEDIA; i++)
    images.push(await addImage(t, user, { tags: opts.imageTags ?? [] }));
  const res = await call(t.app, 'POST', '/api/displaycard/create', user.cookie, {
    tags,
    displayMedia: images.map((i) => i.id),
  });
  if (res.statusCode !== 200) throw new Error(`displaycard/create ${res.statusCode}: ${res.body}`);
  return { user, card: res.json<{ card: DisplayCard }>().card, images, commission };
}
