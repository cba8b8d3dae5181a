// A small client of the API typed only by what openapi-typescript generates from /api/openapi.json
// (generate.ts): it signs in, reads the feed, posts, likes, reads the post back, deletes it and
// signs out, as a third-party client would. `npm run typecheck` checks it against freshly generated
// types, so a document that stops describing what a client needs (a renamed operationId, a field
// gone from an answer, a body the server no longer takes) fails CI; the server suite runs it
// against a real server (platform/openapi-document.test.ts). By hand, against a running server:
//   npx tsx api-client/check.ts http://localhost:3000 <login> <password>
import createClient from 'openapi-fetch';
import type { operations, paths } from './generated/api.ts';

/** An answer's body, named by the route's operationId. */
type Answer<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type Me = Answer<'signIn'>;
export type Post = Answer<'getPost'>;
export type FeedPage = Answer<'listPosts'>;

/** What one run saw, for a test (or a person) to check. */
export interface CheckReport {
  me: Me;
  firstPageIds: number[];
  created: Post;
  liked: Answer<'togglePostLike'>;
  readBack: Post;
  inFeedAfter: boolean;
  unread: Answer<'countUnreadNotifications'>;
  deleted: Answer<'deletePost'>;
  signedOutSession: Answer<'checkSession'>;
}

/** The error an API answer carries, as one readable line. */
function failed(step: string, error: unknown, status: number): Error {
  const body = error as { error?: { code?: string; message?: string } } | undefined;
  return new Error(`${step}: ${status} ${body?.error?.code ?? ''} ${body?.error?.message ?? ''}`.trim());
}

/** The session cookie the sign-in answer set, ready for a Cookie header. */
function sessionCookie(response: Response): string {
  const set = response.headers.get('set-cookie') ?? '';
  const sid = /(?:^|,\s*)(sid=[^;]+)/.exec(set)?.[1];
  if (!sid) throw new Error('signIn: the answer set no session cookie');
  return sid;
}

export async function checkApi(
  baseUrl: string,
  credentials: { login: string; password: string },
): Promise<CheckReport> {
  const anonymous = createClient<paths>({ baseUrl });
  const signIn = await anonymous.POST('/api/auth/login', { body: credentials });
  if (!signIn.data) throw failed('signIn', signIn.error, signIn.response.status);
  const me: Me = signIn.data;
  const api = createClient<paths>({ baseUrl, headers: { cookie: sessionCookie(signIn.response) } });

  const feed = await api.GET('/api/posts/filter', { params: { query: { page: '1' } } });
  if (!feed.data) throw failed('listPosts', feed.error, feed.response.status);
  const firstPageIds = feed.data.items.map((p) => p.id);

  const posted = await api.POST('/api/post', {
    body: { postContent: `Typed client check at ${new Date().toISOString()}`, maturity: 'sfw' },
  });
  if (!posted.data) throw failed('createPost', posted.error, posted.response.status);
  const created: Post = posted.data;
  const path = { id: String(created.id) };

  const like = await api.PUT('/api/post/like/{id}', { params: { path } });
  if (!like.data) throw failed('togglePostLike', like.error, like.response.status);
  const read = await api.GET('/api/post/{id}', { params: { path } });
  if (!read.data) throw failed('getPost', read.error, read.response.status);
  const after = await api.GET('/api/posts/filter', { params: { query: { owner: me.loginName } } });
  if (!after.data) throw failed('listPosts', after.error, after.response.status);
  const unread = await api.GET('/api/notifications/unread-count');
  if (!unread.data) throw failed('countUnreadNotifications', unread.error, unread.response.status);

  const removed = await api.DELETE('/api/post/delete/{id}', { params: { path } });
  if (!removed.data) throw failed('deletePost', removed.error, removed.response.status);
  const out = await api.POST('/api/auth/logout');
  if (out.response.status !== 204) throw failed('signOut', out.error, out.response.status);
  const session = await api.GET('/api/sessioncheck');
  // After signing out, the old cookie is refused (401) or reads as nobody (null).
  const signedOutSession = session.response.status === 401 ? null : (session.data ?? null);

  return {
    me,
    firstPageIds,
    created,
    liked: like.data,
    readBack: read.data,
    inFeedAfter: after.data.items.some((p) => p.id === created.id),
    unread: unread.data,
    deleted: removed.data,
    signedOutSession,
  };
}

const [, script, baseUrl, login, password] = process.argv;
if (script && import.meta.url.endsWith(script.replace(/\\/g, '/')) && baseUrl && login && password) {
  const report = await checkApi(baseUrl, { login, password });
  console.log(`signed in as ${report.me.loginName}; feed page 1 had ${report.firstPageIds.length} posts`);
  console.log(`post ${report.created.id}: liked ${report.readBack.likedByMe}, ${report.deleted.message}`);
}
