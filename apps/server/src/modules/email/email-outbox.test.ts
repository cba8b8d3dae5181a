import { EMAIL_CLAIM_LEASE_SECONDS } from '@brushline/shared/notifications/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import type { Mailer } from '../../platform/mail.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { flushDue } from './email-fixtures.ts';
import { flushEmailQueue } from './email-flusher.ts';

/** The outbox as staff see it on GET /api/admin/jobs: what waits, and what failed and waits again. */
let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await registerStaff(t);
});
afterAll(() => t.close());

const outbox = async () => {
  const res = await call(t.app, 'GET', '/api/admin/jobs', staff.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ emailOutbox: { waiting: number; failing: number } }>().emailOutbox;
};

const broken: Mailer = {
  send: () => Promise.reject(new Error('connection refused')),
  close: () => {},
};

describe('the e-mail outbox for staff', () => {
  it('counts events waiting, then those whose mail failed, then nothing once sent', async () => {
    expect(await outbox()).toEqual({ waiting: 0, failing: 0 });
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const card = await createCard(t, artist);
    for (let i = 0; i < 3; i += 1) await sendForm(t, buyer, card);
    expect(await outbox()).toEqual({ waiting: 3, failing: 0 });

    await flushDue(t, { mailer: broken });
    expect(await outbox()).toEqual({ waiting: 3, failing: 3 });

    // The failed claim (stamped with that flush's time) is retried once its lease has passed.
    const window = t.app.deps.config.EMAIL_BATCH_SECONDS + 1 + EMAIL_CLAIM_LEASE_SECONDS + 1;
    expect((await flushEmailQueue(t.app.deps, new Date(Date.now() + window * 1000))).mails).toBe(1);
    expect(await outbox()).toEqual({ waiting: 0, failing: 0 });
  });
});
