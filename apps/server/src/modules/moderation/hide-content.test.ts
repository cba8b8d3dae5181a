import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { ChatMessagePage } from '@brushline/shared/chat/schemas';
import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { reportMessages as rm } from '@brushline/shared/moderation/messages';
import type { AuditPage, CaseDetail, CasePage } from '@brushline/shared/moderation/schemas';
import type { Post, PostPage } from '@brushline/shared/posts/schemas';
import type { Request, RequestPage } from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import {
  call,
  createCard,
  registerArtist,
  registerWithRole,
  sampleForm,
  type TestUser,
} from '../../test/kit.ts';
import { openCasual, say } from '../chat/chat-fixtures.ts';
import { addImage, shownArtist } from '../gallery/gallery-fixtures.ts';
import { postRequest, sampleApply } from '../requests/request-fixtures.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';

/**
 * Staff hiding every kind of reported content that can be hidden (decision 0022):
 * a commission card, a gallery image, a request and a chat message leave every list and every
 * reader but their owner, who is told why; staff still read them in the case. And relabelling a
 * post's maturity from the queue.
 */

let t: TestApp;
let moderator: TestUser;
let tag: string;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerWithRole(t, 'moderator');
  tag = (await createTag(t, await registerStaff(t), { title: uniqueTitle('hide') })).title;
});
afterAll(() => t.close());

const json = async <T>(url: string, who?: TestUser): Promise<T> => {
  const res = await call(t.app, 'GET', url, who?.cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const status = async (url: string, who?: TestUser) => (await call(t.app, 'GET', url, who?.cookie)).statusCode;

/** Reports the target, then the moderator ends its case with `body`; answers the case as it ends. */
async function reportAndClose(
  reporter: TestUser,
  kind: string,
  targetId: string,
  body: Record<string, unknown>,
): Promise<{ statusCode: number; json: { message: string; case: CaseDetail }; body: string }> {
  const sent = await call(t.app, 'POST', '/api/report', reporter.cookie, {
    targetKind: kind,
    targetId,
    reason: 'spam',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { cases } = await json<CasePage>('/api/admin/cases', moderator);
  const id = cases.find((c) => c.targetKind === kind && c.targetId === targetId)!.id;
  const before = await json<CaseDetail>(`/api/admin/case/${id}`, moderator);
  expect(before.hidden).toBe(false);
  const res = await call(t.app, 'POST', `/api/admin/case/${id}/close`, moderator.cookie, body);
  return { statusCode: res.statusCode, json: res.json(), body: res.body };
}

const hide = (reporter: TestUser, kind: string, targetId: string, resolution: string) =>
  reportAndClose(reporter, kind, targetId, { outcome: 'hide', resolution });

const notes = async (user: TestUser) => (await call(t.app, 'GET', '/api/notifications', user.cookie)).body;

describe('hiding', () => {
  it('a commission card: gone from the profile, /artists prices, ordering and links; its owner sees why', async () => {
    const artist = await shownArtist(t, [tag], { price: 10 });
    const dear = await createCard(t, artist.user, { title: 'Dear portrait', startingPrice: 500 });
    const [buyer, reporter] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
    const closed = await hide(reporter, 'card', artist.commission.uuid, 'Misleading prices.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json.case).toMatchObject({ hidden: true, live: { hiddenByStaff: 'Misleading prices.' } });

    const cards = await json<Card[]>(`/api/comissioncards/user/${artist.user.login}`, buyer);
    expect(cards.map((c) => c.uuid)).toEqual([dear.uuid]);
    expect(await status(`/api/comissioncard/get/${artist.commission.uuid}`, buyer)).toBe(404);
    const artists = await json<ArtistsPage>(`/api/artists?tags=${tag}`);
    expect(artists.items.find((c) => c.owner.login === artist.user.login)?.startingPrice).toBe(500);
    const ordered = await call(
      t.app,
      'POST',
      '/api/comissionform/send',
      buyer.cookie,
      sampleForm(artist.commission),
    );
    expect(ordered.statusCode).toBe(404);

    const own = await json<Card>(`/api/comissioncard/get/${artist.commission.uuid}`, artist.user);
    expect(own.hiddenByStaff).toBe('Misleading prices.');
    expect(await notes(artist.user)).toContain(
      'Staff hid your commission card. Hidden by staff: Misleading prices.',
    );
  });

  it('a gallery image: gone from /gallery, the owner’s folders and display cards; its owner sees why', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const image = await addImage(t, owner, { title: 'Traced art' });
    const closed = await hide(reporter, 'image', image.id, 'Traced from another artist.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json.case.hidden).toBe(true);

    const gallery = await json<GalleryPage>('/api/gallery', reporter);
    expect(gallery.items.map((i) => i.id)).not.toContain(image.id);
    expect(await status(`/api/gallery/image/${image.id}`, reporter)).toBe(404);
    expect(await status(`/api/gallery/image/${image.id}`)).toBe(404);
    const own = await json<GalleryImage>(`/api/gallery/image/${image.id}`, owner);
    expect(own.hiddenByStaff).toBe('Traced from another artist.');
    expect(await notes(owner)).toContain('Staff hid your gallery image.');
  });

  it('a request: gone from the public list, its page and applications; its owner sees why', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const artist = await registerArtist(t);
    const card = await createCard(t, artist);
    const request = await postRequest(t, owner, { title: 'Cheap logo for exposure' });
    const closed = await hide(reporter, 'request', request.guid, 'Unpaid work is not allowed.');
    expect(closed.statusCode, closed.body).toBe(200);

    const list = (await call(t.app, 'GET', '/api/request/get/filter?page=1', artist.cookie)).body;
    expect(list).not.toContain(request.guid);
    expect(await status(`/api/request/get/${request.guid}`, artist)).toBe(404);
    const applied = await call(
      t.app,
      'POST',
      `/api/request/apply/${request.guid}`,
      artist.cookie,
      sampleApply(card.uuid),
    );
    expect(applied.statusCode).toBe(404);
    const own = await json<RequestPage>(`/api/request/get/${request.guid}`, owner);
    expect(own.request.hiddenByStaff).toBe('Unpaid work is not allowed.');
    const owned = await json<Request[]>('/api/request/owned/get', owner);
    expect(owned.find((r) => r.guid === request.guid)?.hiddenByStaff).toBe('Unpaid work is not allowed.');
  });

  it('a chat message: gone for the other member (text and pictures), kept with the reason for its sender', async () => {
    const [sender, member] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
    const room = await openCasual(t, member, sender);
    const kept = await say(t, sender, room.id, 'Hello, I saw your request');
    const message = await say(t, sender, room.id, 'Pay me outside the site or else');
    const closed = await hide(member, 'message', String(message.id), 'Threats are not allowed.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json.case).toMatchObject({
      hidden: true,
      live: { text: 'Pay me outside the site or else' },
    });

    const theirs = await json<ChatMessagePage>(`/api/messages/chat/${room.id}/q`, member);
    expect(theirs.items.map((m) => m.id)).toEqual([kept.id]);
    const mine = await json<ChatMessagePage>(`/api/messages/chat/${room.id}/q`, sender);
    expect(mine.items.map((m) => [m.id, m.hiddenByStaff])).toEqual([
      [kept.id, null],
      [message.id, 'Threats are not allowed.'],
    ]);
    const rooms = (await call(t.app, 'GET', '/api/chatrooms/paginated/get', member.cookie)).body;
    expect(rooms).not.toContain('Pay me outside');
  });

  it('profiles and tags cannot be hidden (acted on otherwise)', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const res = await reportAndClose(reporter, 'profile', owner.login.toLowerCase(), {
      outcome: 'hide',
      resolution: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({ error: { code: 'cannot_hide' } });
  });
});

describe('relabelling a post', () => {
  async function newPost(owner: TestUser): Promise<Post> {
    const res = await call(t.app, 'POST', '/api/post', owner.cookie, {
      postContent: 'Spicy',
      maturity: 'sfw',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Post>();
  }

  it('moves it to the readers of that maturity, tells its owner, and is audited', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const post = await newPost(owner);
    const res = await reportAndClose(reporter, 'post', String(post.id), {
      outcome: 'relabel',
      maturity: 'nsfw',
      resolution: 'Explicit content must be labelled nsfw.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.message).toBe(rm.relabelled);
    expect(res.json.case).toMatchObject({ status: 'resolved', canRelabel: true, live: { maturity: 'nsfw' } });
    const feed = await json<PostPage>(`/api/posts/filter?owner=${owner.login}`);
    expect(feed.items).toEqual([]);
    expect(await notes(owner)).toContain(
      rm.relabelledTold('nsfw', 'Explicit content must be labelled nsfw.'),
    );
    const audit = await json<AuditPage>(
      `/api/admin/audit?target=${owner.login}`,
      await registerWithRole(t, 'admin'),
    );
    expect(audit.entries.map((e) => e.action)).toEqual(['resolve_case', 'relabel']);
  });

  it('refuses without a label, with the same label, and for what has no label', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const post = await newPost(owner);
    const missing = await reportAndClose(reporter, 'post', String(post.id), {
      outcome: 'relabel',
      resolution: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(rm.maturityRequired);
    const { cases } = await json<CasePage>('/api/admin/cases', moderator);
    const id = cases.find((c) => c.targetKind === 'post' && c.targetId === String(post.id))!.id;
    const same = await call(t.app, 'POST', `/api/admin/case/${id}/close`, moderator.cookie, {
      outcome: 'relabel',
      maturity: 'sfw',
      resolution: 'x',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(rm.sameMaturity);
    expect((await json<CaseDetail>(`/api/admin/case/${id}`, moderator)).status).toBe('new');

    const profile = await reportAndClose(reporter, 'profile', owner.login.toLowerCase(), {
      outcome: 'relabel',
      maturity: 'nsfw',
      resolution: 'x',
    });
    expect(profile.statusCode).toBe(409);
    expect(profile.json).toMatchObject({ error: { message: rm.cannotRelabel } });
  });
});
