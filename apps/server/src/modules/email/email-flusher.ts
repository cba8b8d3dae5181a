import {
  EMAIL_CLAIM_LEASE_SECONDS,
  EMAIL_FLUSH_INTERVAL_MIN_MS,
  EMAIL_FLUSH_INTERVAL_MS,
  EMAIL_FLUSH_USERS_MAX,
  EMAIL_SEND_ATTEMPTS_MAX,
} from '@brushline/shared/notifications/constants';
import type { Deps } from '../../platform/deps.ts';
import type { QueueSpec } from '../../platform/jobs.ts';
import { buildDigest } from './email-digest.ts';
import { claimDue, countFailedAttempt, deleteQueued, dropExhausted, findBatchItems } from './email.repo.ts';
import { signUnsubscribe } from './unsubscribe-token.ts';

export type FlushCtx = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'signingSecret'>;

export interface FlushResult {
  /** Mails handed to the mailer. */
  mails: number;
  /** Queued events those mails listed. */
  events: number;
  /** Queued events left out because their reader had already read them on the site. */
  alreadyRead: number;
}

/**
 * Sends what is due at `now`: for every user whose oldest waiting event is older than the batch
 * window, one mail with every event of theirs waiting (a burst is one mail). Events read on the
 * site in the meantime are dropped: they told the user already. Safe to run on several servers
 * at once (the claim in email.repo.ts). Tests call it with a `now` past the window.
 */
export async function flushEmailQueue(ctx: FlushCtx, now: Date = new Date()): Promise<FlushResult> {
  const result: FlushResult = { mails: 0, events: 0, alreadyRead: 0 };
  const givenUp = await dropExhausted(ctx.db, EMAIL_SEND_ATTEMPTS_MAX);
  if (givenUp > 0)
    ctx.log.warn({ events: givenUp }, 'gave up e-mailing notifications after repeated failures');
  const claimed = await claimDue(ctx.db, {
    now,
    dueBefore: new Date(now.getTime() - ctx.config.EMAIL_BATCH_SECONDS * 1000),
    staleBefore: new Date(now.getTime() - EMAIL_CLAIM_LEASE_SECONDS * 1000),
    maxUsers: EMAIL_FLUSH_USERS_MAX,
  });
  // Map.groupBy needs Node 21; the project supports Node 20.
  const byUser = new Map<string, typeof claimed>();
  for (const row of claimed) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, rows] of byUser) {
    const ids = rows.map((r) => r.id);
    const items = await findBatchItems(ctx.db, ids);
    const unread = items.filter((i) => !i.isRead);
    result.alreadyRead += items.length - unread.length;
    const first = unread[0];
    if (!first) {
      await deleteQueued(ctx.db, ids);
      continue;
    }
    const mail = buildDigest({
      publicUrl: ctx.config.publicUrl,
      recipient: { id: userId, email: first.email, login: first.login },
      items: unread,
      // Stamped with the clock, not `now` (which a test moves past the window): a link stops
      // working for a kind changed after its mail, and changes are stamped by the clock too.
      unsubscribeToken: (kinds) => signUnsubscribe(ctx.signingSecret, { userId, kinds, sentAt: new Date() }),
    });
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      ctx.log.warn({ err, userId }, 'could not e-mail notifications; will try again');
      await countFailedAttempt(ctx.db, ids);
      continue;
    }
    // Sent: the rows go. If this delete were lost (a crash right here), the lease would expire
    // and the mail would go twice: at least once, never lost.
    await deleteQueued(ctx.db, ids);
    result.mails += 1;
    result.events += unread.length;
  }
  return result;
}

/** How often to look: the named interval, or sooner when the window is shorter than it. */
export const flushIntervalMs = (windowSeconds: number) =>
  Math.min(EMAIL_FLUSH_INTERVAL_MS, Math.max(EMAIL_FLUSH_INTERVAL_MIN_MS, (windowSeconds * 1000) / 2));

/** The recurring job that flushes (platform/jobs.ts, decision 0021): one per period, whichever instance runs it. */
export const EMAIL_FLUSH_QUEUE = 'email-flush';

/**
 * The server's flusher: flushEmailQueue once per `everyMs` on the job queue, by one instance per
 * period (each period's job is taken once; a slow flush never overlaps itself on one instance, and
 * two instances flushing at once would still claim different rows). A flush that throws (the
 * database went away mid-way) is failed and copied to the dead-letter queue, where staff see it; the
 * next period's job is its retry. Stopping the queue waits for a flush in progress.
 */
export function emailFlushQueue(ctx: FlushCtx, everyMs: number): QueueSpec<object> {
  return {
    name: EMAIL_FLUSH_QUEUE,
    everyMs,
    handler: async () => {
      await flushEmailQueue(ctx);
    },
  };
}
