import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_DEPTH_MAX, GALLERY_IMAGE_TAGS_MAX } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { FolderContent, GalleryImage, UserFolders } from '@brushline/shared/gallery/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { createTag, fullTag, uniqueTitle } from '../tags/tag-fixtures.ts';
import { addImage, createFolder } from './gallery-fixtures.ts';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const content = async (id: string, who = ann) =>
  (await call(t.app, 'GET', `/api/folder/${id}`, who.cookie)).json<FolderContent>();
const listOf = async (who = ann) =>
  (await call(t.app, 'GET', `/api/folders/user/${ann.login}`, who.cookie)).json<UserFolders>();

describe('folder nesting', () => {
  it('nests up to the depth cap, refuses deeper and refuses cycles, changing nothing', async () => {
    const chain = [await createFolder(t, ann, { folderName: 'level 1' })];
    for (let level = 2; level <= FOLDER_DEPTH_MAX; level++) {
      chain.push(await createFolder(t, ann, { folderName: `level ${level}`, parentId: chain.at(-1)!.id }));
    }
    const tooDeep = await call(t.app, 'POST', '/api/folder/create', ann.cookie, {
      folderName: 'too deep',
      parentId: chain.at(-1)!.id,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.message).toBe(galleryMessages.tooDeep);

    const before = JSON.stringify(await listOf());
    const cycle = await call(t.app, 'PATCH', `/api/folder/update/${chain[0]!.id}`, ann.cookie, {
      parentId: chain[2]!.id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.code).toBe('folder_cycle');
    const self = await call(t.app, 'PATCH', `/api/folder/update/${chain[1]!.id}`, ann.cookie, {
      parentId: chain[1]!.id,
    });
    expect(self.statusCode).toBe(400);
    // Moving a two-level branch under a folder at level 3 would make it 5 deep.
    const other = await createFolder(t, ann, { folderName: 'branch' });
    await createFolder(t, ann, { folderName: 'branch child', parentId: other.id });
    const deepMove = await call(t.app, 'PATCH', `/api/folder/update/${other.id}`, ann.cookie, {
      parentId: chain[2]!.id,
    });
    expect(deepMove.statusCode).toBe(400);
    expect(deepMove.json().error.code).toBe('folder_too_deep');
    const after = await listOf();
    expect(
      JSON.stringify({ ...after, folders: after.folders.filter((f) => !f.folderName.startsWith('branch')) }),
    ).toBe(before);
    // A legal move shows in the path.
    const ok = await call(t.app, 'PATCH', `/api/folder/update/${other.id}`, ann.cookie, {
      parentId: chain[1]!.id,
    });
    expect(ok.statusCode).toBe(200);
    expect((await content(other.id)).path.map((p) => p.id)).toEqual([chain[0]!.id, chain[1]!.id, other.id]);
  });

  it("someone else's folder is 404 to write, and a parent of someone else's is 404", async () => {
    const mine = await createFolder(t, ann, { folderName: 'mine', privacy: 'Public' });
    for (const [method, url, body] of [
      ['PATCH', `/api/folder/update/${mine.id}`, { folderName: 'taken' }],
      ['PATCH', `/api/folder/order/${mine.id}`, { mediaFiles: [] }],
      ['DELETE', `/api/folder/delete/${mine.id}?images=delete`, undefined],
    ] as const) {
      expect((await call(t.app, method, url, bob.cookie, body)).statusCode).toBe(404);
    }
    const under = await call(t.app, 'POST', '/api/folder/create', bob.cookie, {
      folderName: 'x',
      parentId: mine.id,
    });
    expect(under.statusCode).toBe(404);
    expect((await content(mine.id)).folder.folderName).toBe('mine');
  });
});

describe('folder order', () => {
  it('reorders folders inside a folder and at the top; an order that does not name each once changes nothing', async () => {
    const parent = await createFolder(t, ann, { folderName: 'shelf' });
    const kids = [];
    for (const name of ['one', 'two', 'three'])
      kids.push((await createFolder(t, ann, { folderName: name, parentId: parent.id })).id);
    expect((await content(parent.id)).children.map((c) => c.id)).toEqual(kids);
    const order = (childFolders: string[], parentId: string | null = parent.id, who = ann) =>
      call(t.app, 'PATCH', '/api/folders/order', who.cookie, { parentId, childFolders });

    const wanted = [kids[2]!, kids[0]!, kids[1]!];
    const saved = await order(wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ childFolders: wanted, message: galleryMessages.orderSaved });
    expect((await content(parent.id)).children.map((c) => c.id)).toEqual(wanted);
    expect((await content(parent.id)).folder.childFolders).toEqual(wanted);

    for (const bad of [wanted.slice(1), [...wanted, wanted[0]!], [...wanted.slice(1), parent.id]]) {
      const refused = await order(bad);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(galleryMessages.reorderFoldersMismatch);
    }
    expect((await content(parent.id)).children.map((c) => c.id)).toEqual(wanted);
    // Someone else's folder as the parent is 404; their own top level is not Ann's.
    expect((await order(wanted, parent.id, bob)).statusCode).toBe(404);
    expect((await order(wanted, null, bob)).statusCode).toBe(409);
    expect((await order(['not-a-uuid'])).statusCode).toBe(400);

    const top = (await listOf()).folders.filter((f) => f.parentId === null).map((f) => f.id);
    expect((await order([...top].reverse(), null)).statusCode).toBe(200);
    expect((await listOf()).folders.filter((f) => f.parentId === null).map((f) => f.id)).toEqual(
      [...top].reverse(),
    );
  });
});

describe('folder images', () => {
  it('reorders, moves between folders, and refuses an order that does not name every image once', async () => {
    const a = await createFolder(t, ann, { folderName: 'A' });
    const b = await createFolder(t, ann, { folderName: 'B' });
    const imgs: GalleryImage[] = [];
    for (let i = 0; i < 3; i++) imgs.push(await addImage(t, ann, { folderId: a.id, title: `pic ${i}` }));
    expect((await content(a.id)).folder.mediaFiles).toEqual(imgs.map((i) => i.id));
    const reversed = imgs.map((i) => i.id).reverse();
    expect(
      (await call(t.app, 'PATCH', `/api/folder/order/${a.id}`, ann.cookie, { mediaFiles: reversed }))
        .statusCode,
    ).toBe(200);
    expect((await content(a.id)).folder.mediaFiles).toEqual(reversed);
    const partial = await call(t.app, 'PATCH', `/api/folder/order/${a.id}`, ann.cookie, {
      mediaFiles: reversed.slice(1),
    });
    expect(partial.statusCode).toBe(409);
    expect((await content(a.id)).folder.mediaFiles).toEqual(reversed);

    const move = await call(t.app, 'PATCH', `/api/gallery/image/${imgs[0]!.id}`, ann.cookie, {
      folderId: b.id,
    });
    expect(move.statusCode).toBe(200);
    expect((await content(b.id)).folder.mediaFiles).toEqual([imgs[0]!.id]);
    expect((await content(a.id)).folder.mediaFiles).not.toContain(imgs[0]!.id);
    const out = await call(t.app, 'PATCH', `/api/gallery/image/${imgs[0]!.id}`, ann.cookie, {
      folderId: null,
    });
    expect(out.statusCode).toBe(200);
    expect((await listOf()).unsorted.map((i) => i.id)).toContain(imgs[0]!.id);
  });

  it('delete keep moves images and child folders up; delete removes them and their files', async () => {
    const top = await createFolder(t, ann, { folderName: 'top' });
    const keep = await createFolder(t, ann, { folderName: 'keep me', parentId: top.id });
    const child = await createFolder(t, ann, { folderName: 'child', parentId: keep.id });
    const kept = await addImage(t, ann, { folderId: keep.id });
    const missingMode = await call(t.app, 'DELETE', `/api/folder/delete/${keep.id}`, ann.cookie);
    expect(missingMode.statusCode).toBe(400);
    expect(
      (await call(t.app, 'DELETE', `/api/folder/delete/${keep.id}?images=keep`, ann.cookie)).statusCode,
    ).toBe(200);
    const topNow = await content(top.id);
    expect(topNow.folder.mediaFiles).toContain(kept.id);
    expect(topNow.folder.childFolders).toContain(child.id);
    expect((await content(child.id)).path.map((p) => p.id)).toEqual([top.id, child.id]);

    const gone = await addImage(t, ann, { folderId: child.id });
    expect(
      (await call(t.app, 'DELETE', `/api/folder/delete/${top.id}?images=delete`, ann.cookie)).statusCode,
    ).toBe(200);
    for (const id of [kept.id, gone.id]) {
      expect((await call(t.app, 'GET', `/api/gallery/image/${id}`, ann.cookie)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/media/${id}/full`, ann.cookie)).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/folder/${child.id}`, ann.cookie)).statusCode).toBe(404);
  });
});

describe('image tags', () => {
  it(`stores up to ${GALLERY_IMAGE_TAGS_MAX} tags as canonical tags and counts their usage; more is 400 and changes nothing`, async () => {
    const cat = await createTag(t, ann, { title: uniqueTitle('cat'), synonyms: [uniqueTitle('kitty')] });
    const image = await addImage(t, ann, { tags: [cat.synonyms[0]!.title] });
    expect(image.tags.map((x) => x.title)).toEqual([cat.title]);
    expect((await fullTag(t, cat.id)).usageCount).toBe(1);

    const titles = [];
    for (let i = 0; i <= GALLERY_IMAGE_TAGS_MAX; i++)
      titles.push((await createTag(t, ann, { title: uniqueTitle('many') })).title);
    const tooMany = await call(t.app, 'PATCH', `/api/gallery/image/${image.id}`, ann.cookie, {
      tags: titles,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(galleryMessages.imageTooManyTags);
    const unknown = await call(t.app, 'PATCH', `/api/gallery/image/${image.id}`, ann.cookie, {
      tags: [cat.title, 'no_such_tag_here'],
      privacy: 'Hidden',
    });
    expect(unknown.statusCode).toBe(400);
    const now = (await call(t.app, 'GET', `/api/gallery/image/${image.id}`, ann.cookie)).json<GalleryImage>();
    expect(now.tags.map((x) => x.title)).toEqual([cat.title]);
    expect(now.privacy).toBe('Public');
    const ok = await call(t.app, 'PATCH', `/api/gallery/image/${image.id}`, ann.cookie, {
      tags: titles.slice(0, GALLERY_IMAGE_TAGS_MAX),
    });
    expect(ok.statusCode).toBe(200);
    expect((await fullTag(t, cat.id)).usageCount).toBe(0);
    expect((await call(t.app, 'DELETE', `/api/gallery/image/${image.id}`, ann.cookie)).statusCode).toBe(200);
    expect((await fullTag(t, (await createTag(t, ann, { title: uniqueTitle('z') })).id)).usageCount).toBe(0);
  });

  it('only a gallery upload of your own can be placed, once', async () => {
    const { uploadImage } = await import('../../test/media-fixtures.ts');
    const post = await uploadImage(t.app, ann.cookie, { purpose: 'post' });
    expect(
      (await call(t.app, 'POST', '/api/gallery/image', ann.cookie, { mediaId: post.id })).statusCode,
    ).toBe(400);
    const bobs = await uploadImage(t.app, bob.cookie, { purpose: 'gallery' });
    expect(
      (await call(t.app, 'POST', '/api/gallery/image', ann.cookie, { mediaId: bobs.id })).statusCode,
    ).toBe(404);
    const mine = await uploadImage(t.app, ann.cookie, { purpose: 'gallery' });
    expect(
      (await call(t.app, 'POST', '/api/gallery/image', ann.cookie, { mediaId: mine.id })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/gallery/image', ann.cookie, { mediaId: mine.id })).statusCode,
    ).toBe(409);
  });
});
