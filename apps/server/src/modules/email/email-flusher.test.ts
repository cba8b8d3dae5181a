import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import type { Mailer, MailMessage } from '../../platform/mail.ts';
import { createCard, registerArtist, sendForm } from '../../test/kit.ts';
import { flushDue, notificationMails } from './email-fixtures.ts';
import { EMAIL_FLUSH_QUEUE } from './email-flusher.ts';

let t: TestApp;
beforeAll(async () => {
  // No window: the server's own flusher (a recurring job) sends at its next period.
  t = await createTestApp({ EMAIL_BATCH_SECONDS: '0' }, undefined, { emailFlush: true });
});
afterAll(() => t.close());

describe('the server’s flusher', () => {
  it('mails an order event without anyone calling it', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    await sendForm(t, buyer, await createCard(t, artist));
    await vi.waitFor(async () => expect(await notificationMails(t, artist.email)).toHaveLength(1), {
      timeout: 60_000,
      interval: 200,
    });
    // It ran as a job: staff see its queue (GET /api/admin/jobs).
    const queue = (await t.app.deps.jobs.counts()).find((q) => q.name === EMAIL_FLUSH_QUEUE);
    expect(queue?.completed).toBeGreaterThanOrEqual(1);
  });
});

/** A mailer that records what it was given, slowly, so flushers overlap. */
function recorder(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(m) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(m);
    },
    close: () => {},
  };
}

// PGlite has one connection, so flushers there take turns; only PostgreSQL can race them.
describe.skipIf(!process.env.DATABASE_URL)('flushers running at once (PostgreSQL)', () => {
  // Its own app with the usual long window: only the flushers below send.
  let pg: TestApp;
  beforeAll(async () => {
    pg = await createTestApp();
  });
  afterAll(() => pg.close());

  it('never mail the same events twice', async () => {
    const artists = [];
    const buyer = await registerUser(pg.app, pg.dataDir);
    for (let i = 0; i < 8; i += 1) {
      const artist = await registerArtist(pg);
      const card = await createCard(pg, artist);
      for (let j = 0; j < 3; j += 1) await sendForm(pg, buyer, card);
      artists.push(artist);
    }
    const mailers = [recorder(), recorder(), recorder(), recorder()];
    const results = await Promise.all(mailers.map((mailer) => flushDue(pg, { mailer })));

    const sent = mailers.flatMap((m) => m.sent);
    expect(sent.map((m) => m.to).sort()).toEqual(artists.map((a) => a.email).sort());
    expect(sent.every((m) => m.subject === '3 updates on Brushline')).toBe(true);
    expect(results.reduce((n, r) => n + r.events, 0)).toBe(artists.length * 3);
  });
});
