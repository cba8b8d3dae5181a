import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { lastMailTo, type TestApp } from '../../test/harness.ts';
import { call, createCard, PAY_ON_DELIVERY, sendForm, type TestUser } from '../../test/kit.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { ACCOUNT_EXPORT_QUEUE } from './account-export.service.ts';

/** The account suites' kit: a person with content, their export's mailed link, the archive opened. */

/** A post with a picture, a social link and a sent order to `artist` (not accepted yet). */
export async function giveContent(t: TestApp, user: TestUser, artist: TestUser) {
  const picture = await uploadImage(t.app, user.cookie, { purpose: 'post' });
  const post = await call(t.app, 'POST', '/api/post', user.cookie, {
    postContent: `Hello from ${user.login}`,
    maturity: 'sfw',
    attachedMedia: [picture.id],
  });
  if (post.statusCode !== 200) throw new Error(`post ${post.statusCode}: ${post.body}`);
  const social = await call(t.app, 'POST', '/api/user/socials/add', user.cookie, {
    title: 'My site',
    url: 'https://example.test/me',
  });
  if (social.statusCode >= 300) throw new Error(`social ${social.statusCode}: ${social.body}`);
  const card = await createCard(t, artist, {
    title: `Portrait by ${artist.login}`,
    paymentPlan: PAY_ON_DELIVERY,
  });
  const form = await sendForm(t, user, card);
  return { picture, form, card };
}

/** Runs the export jobs due now; answers the link of the newest mail to `user`. */
export async function mailedLink(t: TestApp, user: TestUser): Promise<string> {
  await t.app.deps.jobs.drain(ACCOUNT_EXPORT_QUEUE);
  const mail = await lastMailTo(t.dataDir, user.email);
  const link = /https?:\/\/\S+\/account\/export\/([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''));
  if (!link) throw new Error(`no export link in:\n${mail}`);
  return link[1]!;
}

export function openZip(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  return {
    names: Object.keys(files).sort(),
    json: <T>(name: string) => JSON.parse(strFromU8(files[name]!)) as T,
    bytes: (name: string) => Buffer.from(files[name]!),
  };
}

export async function ledgerCount(t: TestApp): Promise<number> {
  const { rows } = await t.app.deps.db.execute<{ n: number }>(
    sql`select (select count(*) from ledger_entries)::int + (select count(*) from ledger_transactions)::int as n`,
  );
  return Number(rows[0]!.n);
}
