import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { decodeMail, type DecodedMail } from '../apps/server/src/test/mail-decode.ts';

/** Every notification mail (it has List-Unsubscribe) the server's outbox holds for `to`, decoded, oldest first. */
export async function notificationMailsTo(to: string): Promise<DecodedMail[]> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map(async (f) => decodeMail(await readFile(join(dir, f), 'utf8'))));
  return mails.filter((m) => m.to === to && m.headers.has('list-unsubscribe'));
}

/** Waits until `to` has `count` notification mails (the server batches for EMAIL_BATCH_SECONDS), and answers them. */
export async function waitForNotificationMails(to: string, count: number): Promise<DecodedMail[]> {
  await expect.poll(async () => (await notificationMailsTo(to)).length, { timeout: 60_000 }).toBe(count);
  return notificationMailsTo(to);
}
