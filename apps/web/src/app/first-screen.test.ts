import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardQuery, userCardsQuery } from '../features/cards/api/card-queries.ts';
import { postListQuery, postQuery } from '../features/posts/api/post-queries.ts';
import { userByLoginQuery } from '../features/users/api/user-queries.ts';
import { sessionQuery } from '../lib/session.ts';
import { stubFetch } from '../test/render.tsx';
import { loadFirstScreen } from './first-screen.ts';
import { createQueryClient } from './query-client.ts';

const uuid = 'b73441c3-e3be-4716-954f-43403b334798';
const me = { id: 'c0ffee00-0000-4000-8000-000000000001', displayLogin: 'ann' };
const ok = (body: unknown) => () => ({ status: 200, body });
const page = { items: [], nextCursor: null };

function setup(signedIn: boolean) {
  const calls = stubFetch({
    'GET /api/sessioncheck': ok(signedIn ? me : null),
    'GET /api/posts/filter': ok(page),
    'GET /api/post/7': ok({ id: 7 }),
    'GET /api/user/ann': ok({ id: 'u' }),
    'GET /api/comissioncards/user/ann': ok([]),
    [`GET /api/comissioncard/get/${uuid}`]: ok({ uuid }),
  });
  return { calls, client: createQueryClient() };
}

afterEach(() => vi.useRealTimers());

describe('the first screen’s reads', () => {
  it('are in the cache under the very keys the pages read, for the reader who is signed in', async () => {
    const { client, calls } = setup(true);
    await loadFirstScreen(client, '/feed');
    expect(client.getQueryData(sessionQuery.queryKey)).toEqual(me);
    expect(client.getQueryData(postListQuery(null, me.id).queryKey)?.pages).toEqual([page]);
    expect(calls.map((c) => c.key)).toEqual(['GET /api/sessioncheck', 'GET /api/posts/filter']);
  });

  it('cover a post, a profile (user, cards and posts) and a commission card, read anonymously', async () => {
    const { client } = setup(false);
    await loadFirstScreen(client, '/post/7');
    expect(client.getQueryData(postQuery(7, null).queryKey)).toEqual({ id: 7 });
    await loadFirstScreen(client, '/profile/ann/home');
    expect(client.getQueryData(userByLoginQuery('ann').queryKey)).toEqual({ id: 'u' });
    expect(client.getQueryData(userCardsQuery('ann').queryKey)).toEqual([]);
    expect(client.getQueryData(postListQuery('ann', null).queryKey)?.pages).toEqual([page]);
    await loadFirstScreen(client, `/commission/${uuid}`);
    expect(client.getQueryData(cardQuery(uuid).queryKey)).toEqual({ uuid });
  });

  it('ask for nothing but the session on other screens, or for a malformed id', async () => {
    const { client, calls } = setup(false);
    for (const path of ['/login', '/post/abc', '/commission/not-a-uuid', '/nowhere/at/all'])
      await loadFirstScreen(client, path);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set(['GET /api/sessioncheck']));
  });

  it('never fail the start: a failing read is left to the page', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 500, body: { error: { message: 'down' } } }) });
    const client = createQueryClient();
    await expect(loadFirstScreen(client, '/feed')).resolves.toBeUndefined();
  });

  it('are waited for at most a moment: a slow network does not hold the first render', async () => {
    vi.useFakeTimers();
    stubFetch({ 'GET /api/sessioncheck': () => new Promise(() => {}) });
    let done = false;
    void loadFirstScreen(createQueryClient(), '/feed').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1400);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
