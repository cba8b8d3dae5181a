import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema/media.ts';
import { formReferences } from '../../db/schema/orders.ts';
import { applicationReferences, requestMedia } from '../../db/schema/requests.ts';
import { migrationsFolder } from '../../locations.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { applyTo, postRequest } from '../requests/request-fixtures.ts';

/**
 * Before migration 0019, references, request attachments and application references also took
 * uploads of purpose post, which anyone with the link may fetch. The migration makes those placed
 * only there references (private to their places); one its owner also posted stays public.
 */
let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerArtist(t);
  stranger = await registerArtist(t);
});
afterAll(() => t.close());

/** The migration's last statement: the re-labelling of post uploads placed only privately. */
async function relabel() {
  const text = await readFile(join(migrationsFolder, '0019_private_references.sql'), 'utf8');
  await t.app.deps.db.execute(sql.raw(text.split('--> statement-breakpoint').at(-1)!));
}

const purposeOf = async (id: string) =>
  (await t.app.deps.db.select({ purpose: media.purpose }).from(media).where(eq(media.id, id)))[0]!.purpose;
const fetchAs = async (user: TestUser | undefined, id: string) =>
  (await call(t.app, 'GET', `/api/media/${id}/full`, user?.cookie)).statusCode;

describe('migration 0019: post uploads placed as references', () => {
  it('become references, private to their places, unless their owner also posted them', async () => {
    const card = await createCard(t, ann);
    const form = await sendForm(t, bob, card);
    const request = await postRequest(t, ann);
    const bobsCard = await createCard(t, bob);
    const application = await applyTo(t, bob, request.guid, bobsCard.uuid);
    const [inOrder, inRequest, inApplication, posted, unplaced] = await Promise.all(
      [bob, ann, bob, ann, ann].map(
        async (u) => (await uploadImage(t.app, u.cookie, { purpose: 'post' })).id,
      ),
    );
    // Placed the way the old rules allowed (they are refused as post uploads now).
    const db = t.app.deps.db;
    await db.insert(formReferences).values({ formId: form.id, position: 0, mediaId: inOrder! });
    const hidden = await postRequest(t, ann, { privacy: 'hidden' });
    await db.insert(requestMedia).values({ requestId: hidden.id, position: 0, mediaId: inRequest! });
    await db
      .insert(applicationReferences)
      .values({ applicationId: application.id, position: 0, mediaId: inApplication! });
    await db.insert(requestMedia).values({ requestId: hidden.id, position: 1, mediaId: posted! });
    const made = await call(t.app, 'POST', '/api/post', ann.cookie, {
      postContent: 'Also here',
      attachedMedia: [posted],
      maturity: 'sfw',
    });
    expect(made.statusCode).toBe(200);
    // Before: anyone gets them.
    for (const id of [inOrder!, inRequest!, inApplication!]) expect(await fetchAs(undefined, id)).toBe(200);

    await relabel();
    for (const id of [inOrder!, inRequest!, inApplication!]) {
      expect(await purposeOf(id)).toBe('reference');
      expect(await fetchAs(undefined, id)).toBe(404);
      expect(await fetchAs(stranger, id)).toBe(404);
    }
    // Their places' people still see them: the order's artist, the application's request owner.
    expect(await fetchAs(ann, inOrder!)).toBe(200);
    expect(await fetchAs(ann, inApplication!)).toBe(200);
    expect(await fetchAs(ann, inRequest!)).toBe(200);
    // Posted by its owner, or placed nowhere: a post picture as before.
    expect(await purposeOf(posted!)).toBe('post');
    expect(await purposeOf(unplaced!)).toBe('post');
    expect(await fetchAs(undefined, posted!)).toBe(200);
  });
});
