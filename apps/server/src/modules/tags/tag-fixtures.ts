import type { TagCreateBodyInput, TagFull } from '@brushline/shared/tags/schemas';
import { userRoles } from '../../db/schema/users.ts';
import { userSessionsChanged } from '../../platform/session.ts';
import { registerUser, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/kit.ts';
import { setTagsOf } from './tag-usage.service.ts';

export type TestUser = Awaited<ReturnType<typeof registerUser>>;

/** A signed-in user with the moderator role (staff). */
export async function registerStaff(t: TestApp): Promise<TestUser> {
  const user = await registerUser(t.app, t.dataDir);
  await t.app.deps.db.insert(userRoles).values({ userId: user.id, role: 'moderator' });
  await userSessionsChanged(t.app.deps.bus, user.id);
  return user;
}

/** Makes `user` display NSFW (and questionable) content, as the settings page does. */
export async function showNsfw(t: TestApp, user: TestUser): Promise<void> {
  const res = await call(t.app, 'PATCH', `/api/user/update/settings/id/${user.id}`, user.cookie, {
    id: user.id,
    displayNSFW: true,
    displayQuestionable: true,
    isArtist: false,
  });
  if (res.statusCode !== 200) throw new Error(`settings ${res.statusCode}: ${res.body}`);
}

export async function createTag(t: TestApp, user: TestUser, body: TagCreateBodyInput): Promise<TagFull> {
  const res = await call(t.app, 'POST', '/api/tag/create', user.cookie, body);
  if (res.statusCode !== 200) throw new Error(`tag/create ${res.statusCode}: ${res.body}`);
  return res.json<{ tag: TagFull }>().tag;
}

export async function fullTag(t: TestApp, id: number): Promise<TagFull> {
  const res = await call(t.app, 'GET', `/api/tag/get/byIdFull/${id}`);
  if (res.statusCode !== 200) throw new Error(`byIdFull ${res.statusCode}: ${res.body}`);
  return res.json<TagFull>();
}

/** The body of an update that keeps everything of `tag` but what `change` sets. */
export function editOf(tag: TagFull, change: Partial<TagCreateBodyInput> = {}) {
  return {
    title: tag.title,
    description: tag.description,
    maturity: tag.maturity,
    tagType: tag.tagType,
    synonyms: tag.synonyms.map((s) => s.title),
    parentTags: tag.parentTags.map((p) => p.title),
    version: tag.version,
    ...change,
  };
}

let n = 0;
/** A title no other test uses. */
export const uniqueTitle = (prefix = 'tag') => {
  n += 1;
  return `${prefix}_${n}_${Math.random().toString(36).slice(2, 7)}`;
};

/** Tags a thing directly through the service other features call, in one transaction. */
export const tagThing = (t: TestApp, kind: string, id: string, titles: string[]) =>
  t.app.deps.db.transaction((tx) => setTagsOf({ db: tx }, null, { kind, id }, titles));
