import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from '../../test/harness.ts';
import { decodeMail, type DecodedMail } from '../../test/mail-decode.ts';
import { flushEmailQueue, type FlushCtx } from './email-flusher.ts';

/** Test helpers of the e-mail suites (not a test file itself). */

/** Every notification mail (it has List-Unsubscribe) in the app's outbox to `email`, oldest first. */
export async function notificationMails(t: TestApp, email: string): Promise<DecodedMail[]> {
  const dir = join(t.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map(async (f) => decodeMail(await readFile(join(dir, f), 'utf8'))));
  return mails.filter((m) => m.to === email && m.headers.has('list-unsubscribe'));
}

/** A flush as if the batch window had passed since every event so far. */
export function flushDue(t: TestApp, ctx: Partial<FlushCtx> = {}) {
  const later = new Date(Date.now() + (t.app.deps.config.EMAIL_BATCH_SECONDS + 1) * 1000);
  return flushEmailQueue({ ...t.app.deps, ...ctx }, later);
}

/** The "Stop e-mails about …" links of a mail, by their label. */
export function unsubscribeLinks(mail: DecodedMail): Map<string, string> {
  const links = new Map<string, string>();
  for (const m of mail.text.matchAll(/^Stop e-mails about (.+): (\S+)$/gm)) links.set(m[1]!, m[2]!);
  return links;
}

/** The token at the end of an unsubscribe link. */
export const tokenOf = (link: string) => link.split('/').at(-1)!;
