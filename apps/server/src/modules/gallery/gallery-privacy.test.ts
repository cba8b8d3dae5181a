import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACIES, type Privacy } from '@brushline/shared/gallery/constants';
import type { Folder, GalleryImage, UserFolders } from '@brushline/shared/gallery/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { addImage, createFolder } from './gallery-fixtures.ts';

/**
 * The privacy matrix (decision 0017): every image privacy × every folder privacy (and no folder) ×
 * owner, allowed user, other user, anonymous — for the image itself, its file, the owner's folder
 * list and the folder's own page. The expected answer is the FAQ's rule, computed here separately.
 */
type Who = 'owner' | 'allowed' | 'other' | 'anon';
const WHO: Who[] = ['owner', 'allowed', 'other', 'anon'];
const rank = (p: Privacy) => PRIVACIES.indexOf(p);

/** What the FAQ says: the owner always; a Hidden image nobody else; a Hidden folder its allowed people. */
function maySee(who: Who, image: Privacy, folder: Privacy | null): boolean {
  if (who === 'owner') return true;
  if (image === 'Hidden') return false;
  const effective = folder && rank(folder) > rank(image) ? folder : image;
  if (effective !== 'Hidden') return true;
  return who === 'allowed';
}

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
const folders = new Map<Privacy, Folder>();
let nested: Folder;
const images: { image: GalleryImage; privacy: Privacy; folder: Privacy | null }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t.app, t.dataDir);
  users.allowed = await registerUser(t.app, t.dataDir);
  users.other = await registerUser(t.app, t.dataDir);
  for (const privacy of PRIVACIES) {
    folders.set(
      privacy,
      await createFolder(t, users.owner, {
        folderName: `${privacy} folder`,
        privacy,
        allowedUserList: [users.allowed.login],
      }),
    );
  }
  // A Public folder inside the Hidden one is Hidden too; the allowed people open it through its parent.
  nested = await createFolder(t, users.owner, {
    folderName: 'inside hidden',
    privacy: 'Public',
    parentId: folders.get('Hidden')!.id,
  });
  for (const folder of [null, ...PRIVACIES]) {
    for (const privacy of PRIVACIES) {
      const image = await addImage(t, users.owner, {
        privacy,
        folderId: folder ? folders.get(folder)!.id : null,
      });
      images.push({ image, privacy, folder });
    }
  }
  for (const privacy of PRIVACIES) {
    images.push({
      image: await addImage(t, users.owner, { privacy, folderId: nested.id }),
      privacy,
      folder: 'Hidden',
    });
  }
}, 120_000);
afterAll(() => t.close());

const cookie = (who: Who) => (who === 'anon' ? undefined : users[who].cookie);

describe('gallery image privacy', () => {
  for (const who of WHO) {
    it(`${who}: the image and its files answer by the FAQ's rule`, async () => {
      for (const { image, privacy, folder } of images) {
        const want = maySee(who, privacy, folder) ? 200 : 404;
        const label = `${who} ${privacy} image in ${folder ?? 'no'} folder`;
        expect(
          (await call(t.app, 'GET', `/api/gallery/image/${image.id}`, cookie(who))).statusCode,
          label,
        ).toBe(want);
        for (const variant of ['full', 'miniature']) {
          const file = await call(t.app, 'GET', `/api/media/${image.id}/${variant}`, cookie(who));
          expect(file.statusCode, `${label} ${variant}`).toBe(want);
          if (want === 200) expect(file.headers['cache-control']).toMatch(/^private/);
        }
      }
    });

    it(`${who}: the folder list shows exactly the folders and images the rule allows`, async () => {
      const res = await call(t.app, 'GET', `/api/folders/user/${users.owner.login}`, cookie(who));
      expect(res.statusCode).toBe(200);
      const list = res.json<UserFolders>();
      const listed = new Set([
        ...list.folders.flatMap((f) => f.mediaFiles),
        ...list.unsorted.map((i) => i.id),
      ]);
      for (const { image, privacy, folder } of images) {
        expect(listed.has(image.id), `${who} ${privacy} in ${folder ?? 'no'} folder`).toBe(
          maySee(who, privacy, folder),
        );
      }
      const folderIds = new Set(list.folders.map((f) => f.id));
      for (const privacy of PRIVACIES) {
        const sees = who === 'owner' || privacy !== 'Hidden' || who === 'allowed';
        expect(folderIds.has(folders.get(privacy)!.id), `${who} sees ${privacy} folder`).toBe(sees);
        const page = await call(t.app, 'GET', `/api/folder/${folders.get(privacy)!.id}`, cookie(who));
        expect(page.statusCode).toBe(sees ? 200 : 404);
      }
      const nestedPage = await call(t.app, 'GET', `/api/folder/${nested.id}`, cookie(who));
      expect(nestedPage.statusCode).toBe(who === 'owner' || who === 'allowed' ? 200 : 404);
      // The allowedUserList is the owner's to see.
      const hidden = list.folders.find((f) => f.id === folders.get('Hidden')!.id);
      if (hidden) expect(hidden.allowedUserList).toEqual(who === 'owner' ? [users.allowed.login] : []);
    });
  }

  it('making a folder Hidden hides what was Public inside it, for other people at once', async () => {
    const folder = await createFolder(t, users.owner, { folderName: 'soon hidden', privacy: 'Public' });
    const image = await addImage(t, users.owner, { privacy: 'Public', folderId: folder.id });
    expect((await call(t.app, 'GET', `/api/media/${image.id}/full`)).statusCode).toBe(200);
    const res = await call(t.app, 'PATCH', `/api/folder/update/${folder.id}`, users.owner.cookie, {
      privacy: 'Hidden',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/media/${image.id}/full`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/gallery/image/${image.id}`, users.other.cookie)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/api/gallery/image/${image.id}`, users.owner.cookie)).statusCode).toBe(
      200,
    );
  });

  it('an upload for the gallery not yet placed in it is its uploader’s only', async () => {
    const { uploadImage } = await import('../../test/media-fixtures.ts');
    const media = await uploadImage(t.app, users.owner.cookie, { purpose: 'gallery' });
    expect((await call(t.app, 'GET', `/api/media/${media.id}/full`, users.owner.cookie)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/media/${media.id}/full`, users.other.cookie)).statusCode).toBe(
      404,
    );
  });
});
