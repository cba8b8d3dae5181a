import type {
  Folder,
  FolderCreateBodyInput,
  GalleryImage,
  GalleryImageCreateBodyInput,
} from '@brushline/shared/gallery/schemas';
import type { TestApp } from '../../test/harness.ts';
import { pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { call, type TestUser } from '../orders/commission-fixtures.ts';

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
