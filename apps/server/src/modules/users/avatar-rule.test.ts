import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { NotificationPage } from '@brushline/shared/notifications/schemas';
import type { CommissionerSummary, SentForm } from '@brushline/shared/orders/schemas';
import type { PostPage } from '@brushline/shared/posts/schemas';
import type { User } from '@brushline/shared/users/schemas';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { feedPageCache } from '../posts/feed-page-cache.ts';

/**
 * Cards, forms, posts, notifications and profiles all show a user's avatar by one rule: the
 * miniature of the user's own, existing avatar upload, or nothing.
 */
let t: TestApp;
let ann: TestUser; // artist: owns the post and the card
let bob: TestUser; // buyer: sends the form, so ann's notification names him
let card: Card;

async function setAvatar(user: TestUser): Promise<string> {
  const avatar = await uploadImage(t.app, user.cookie, { purpose: 'avatar' });
  const res = await call(t.app, 'PATCH', '/api/user/profile', user.cookie, { avatarMediaId: avatar.id });
  expect(res.statusCode).toBe(200);
  return avatar.miniatureUrl;
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerArtist(t);
  card = await createCard(t, ann);
  const post = await call(t.app, 'POST', '/api/post', ann.cookie, { postContent: 'Hello', maturity: 'sfw' });
  expect(post.statusCode).toBe(200);
  await sendForm(t, bob, card);
});
afterAll(() => t.close());

/** The avatar URL every kind of answer shows for ann and for bob right now. */
async function avatarsShown() {
  const get = async <T>(url: string, cookie?: string) => (await call(t.app, 'GET', url, cookie)).json<T>();
  const userCard = async (u: TestUser) =>
    (await get<User>(`/api/user/${u.login}`)).userProfileStore.profilePicture?.miniaturePath ?? null;
  const feed = await get<PostPage>(`/api/posts/filter?owner=${ann.login}`, ann.cookie);
  const [form] = await get<SentForm[]>('/api/comissionforms/outgoing', bob.cookie);
  const [commissioner] = await get<CommissionerSummary[]>('/api/comissionform/comissioners', ann.cookie);
  const notes = await get<NotificationPage>('/api/notifications', ann.cookie);
  return {
    ann: {
      profile: await userCard(ann),
      postOwner: feed.items[0]!.owner.avatarMiniatureUrl,
      cardOwner: (await get<Card>(`/api/comissioncard/get/${card.uuid}`)).owner.avatarMiniatureUrl,
      formArtist: form!.artist.avatarMiniatureUrl,
    },
    bob: {
      profile: await userCard(bob),
      formSender: form!.sender.avatarMiniatureUrl,
      commissioner: commissioner!.commissioner.avatarMiniatureUrl,
      notificationActor: notes.items[0]!.userWhoTriggeredEvent!.avatarMiniatureUrl,
    },
  };
}

const everywhere = <K extends string>(keys: K[], value: string | null) =>
  Object.fromEntries(keys.map((k) => [k, value])) as Record<K, string | null>;
const annPlaces = ['profile', 'postOwner', 'cardOwner', 'formArtist'];
const bobPlaces = ['profile', 'formSender', 'commissioner', 'notificationActor'];

describe("the owner's avatar rule", () => {
  it('shows the same miniature of their own avatar in every answer', async () => {
    const annUrl = await setAvatar(ann);
    const bobUrl = await setAvatar(bob);
    expect(await avatarsShown()).toEqual({
      ann: everywhere(annPlaces, annUrl),
      bob: everywhere(bobPlaces, bobUrl),
    });
  });

  it("never shows someone else's upload as a user's avatar, nor a deleted one", async () => {
    const [annAvatar] = (
      await t.app.deps.db.execute<{ avatar_media_id: string }>(
        sql`select avatar_media_id from users where id = ${ann.id}`,
      )
    ).rows;
    // bob's avatar pointing at ann's upload (the column has no foreign key, see db/schema/users.ts).
    await t.app.deps.db.execute(
      sql`update users set avatar_media_id = ${annAvatar!.avatar_media_id} where id = ${bob.id}`,
    );
    // Feed pages are cached for 2 s, and these changes are made behind the app's back: skip the wait.
    feedPageCache(t.app.deps.bus).invalidate();
    expect((await avatarsShown()).bob).toEqual(everywhere(bobPlaces, null));
    await t.app.deps.db.execute(sql`delete from media where id = ${annAvatar!.avatar_media_id}`);
    feedPageCache(t.app.deps.bus).invalidate();
    expect((await avatarsShown()).ann).toEqual(everywhere(annPlaces, null));
  });
});
