import { afterAll, beforeAll, describe } from 'vitest';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import type { Folder, GalleryImage } from '@brushline/shared/gallery/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { createTag, uniqueTitle } from '../tags/tag-fixtures.ts';
import { browseRoutes } from './browse.routes.ts';
import { foldersRoutes } from './folders.routes.ts';
import { addImage, createFolder } from './gallery-fixtures.ts';
import { imagesRoutes } from './images.routes.ts';

/**
 * Every gallery route × the owner, another signed-in user and an anonymous reader, on a Public
 * folder and image (so a refusal is about who asks, not about privacy). After a refusal, and after
 * anything but the owner's own writes, the owner's folder list is unchanged.
 */
type Who = 'owner' | 'other' | 'anon';
const WHO: Who[] = ['owner', 'other', 'anon'];
interface Ctx {
  folder: Folder;
  image: GalleryImage;
  /** An upload of the owner's placed nowhere yet (setup `upload`). */
  upload: string;
  cardId: string;
}
type Row = MatrixRow<Who, Ctx, { upload: boolean }>;

let t: TestApp;
let tagTitle: string;
let cardId: string | undefined;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t.app, t.dataDir);
  users.other = await registerUser(t.app, t.dataDir);
  tagTitle = (await createTag(t, users.other, { title: uniqueTitle('authz') })).title;
});
afterAll(() => t.close());

/** A folder of the owner's with an image in it, and the owner's display card (made once). */
async function context(setup?: { upload: boolean }): Promise<Ctx> {
  // Uploads are rate-limited per user; the table uploads far more than a person does.
  await t.app.deps.limits.reset('mediaUploadUser', users.owner.id);
  const folder = await createFolder(t, users.owner, { folderName: 'authz' });
  const image = await addImage(t, users.owner, { folderId: folder.id });
  const upload = setup?.upload
    ? (await uploadImage(t.app, users.owner.cookie, { purpose: 'gallery' })).id
    : '';
  cardId ??= (
    await call(t.app, 'POST', '/api/displaycard/create', users.owner.cookie, {
      tags: [tagTitle],
      displayMedia: [],
    })
  ).json<{ card: DisplayCard }>().card.id;
  return { folder, image, upload, cardId };
}

const rows: Row[] = [
  {
    name: 'GET /folders/user/{login}',
    method: 'GET',
    url: () => `/api/folders/user/${users.owner.login}`,
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /folder/{id}',
    method: 'GET',
    url: (c) => `/api/folder/${c.folder.id}`,
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /gallery/image/{id}',
    method: 'GET',
    url: (c) => `/api/gallery/image/${c.image.id}`,
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'POST /folder/create',
    method: 'POST',
    url: () => '/api/folder/create',
    body: (c) => ({ folderName: 'sub', parentId: c.folder.id }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /folder/update/{id}',
    method: 'PATCH',
    url: (c) => `/api/folder/update/${c.folder.id}`,
    body: () => ({ folderName: 'renamed' }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /folder/order/{id}',
    method: 'PATCH',
    url: (c) => `/api/folder/order/${c.folder.id}`,
    body: (c) => ({ mediaFiles: [c.image.id] }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /folders/order',
    method: 'PATCH',
    url: () => '/api/folders/order',
    body: (c) => ({ parentId: c.folder.id, childFolders: [] }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'DELETE /folder/delete/{id}',
    method: 'DELETE',
    url: (c) => `/api/folder/delete/${c.folder.id}?images=keep`,
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    setup: { upload: true },
    name: 'POST /gallery/image',
    method: 'POST',
    url: () => '/api/gallery/image',
    body: (c) => ({ mediaId: c.upload }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /gallery/image/{id}',
    method: 'PATCH',
    url: (c) => `/api/gallery/image/${c.image.id}`,
    body: () => ({ privacy: 'Private' }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'DELETE /gallery/image/{id}',
    method: 'DELETE',
    url: (c) => `/api/gallery/image/${c.image.id}`,
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'GET /displaycard/get/bylogin/{login} (not shown yet)',
    method: 'GET',
    url: () => `/api/displaycard/get/bylogin/${users.owner.login}`,
    expect: { owner: 200, other: 404, anon: 404 },
  },
  {
    name: 'POST /displaycard/create',
    method: 'POST',
    url: () => '/api/displaycard/create',
    body: () => ({ tags: [tagTitle], displayMedia: [] }),
    expect: { owner: 409, other: 200, anon: 401 },
  },
  {
    name: 'PATCH /displaycard/update/{id}',
    method: 'PATCH',
    url: (c) => `/api/displaycard/update/${c.cardId}`,
    body: (c) => ({ tags: [tagTitle], displayMedia: [c.image.id] }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'GET /artists',
    method: 'GET',
    url: () => '/api/artists',
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /gallery',
    method: 'GET',
    url: () => '/api/gallery',
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /user/hidden-tags',
    method: 'GET',
    url: () => '/api/user/hidden-tags',
    expect: { owner: 200, other: 200, anon: 401 },
  },
  {
    name: 'PUT /user/hidden-tags',
    method: 'PUT',
    url: () => '/api/user/hidden-tags',
    body: () => ({ items: [{ title: tagTitle, mode: 'blur' }] }),
    expect: { owner: 200, other: 200, anon: 401 },
  },
];

const snapshot = async () => [
  (await call(t.app, 'GET', `/api/folders/user/${users.owner.login}`, users.owner.cookie)).body,
  (await call(t.app, 'GET', `/api/displaycard/get/bylogin/${users.owner.login}`, users.owner.cookie)).body,
  (await call(t.app, 'GET', '/api/user/hidden-tags', users.owner.cookie)).body,
];

describe('gallery authorization', () => {
  everyRouteHasARow(
    () => routesOf(foldersRoutes(t.app.deps), imagesRoutes(t.app.deps), browseRoutes(t.app.deps)),
    rows,
  );

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: () => snapshot(),
    defaults: { mutates: ['owner'] },
  });
});
