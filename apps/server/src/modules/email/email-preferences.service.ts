import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNEL_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationType,
} from '@brushline/shared/notifications/constants';
import {
  preferenceMessages,
  type NotificationPreferences,
  type UnsubscribeAnswer,
  type UpdateNotificationPreferences,
} from '@brushline/shared/notifications/preferences';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { findUserById } from '../users/users.repo.ts';
import { dropPending, findPreferenceRows, upsertPreferences } from './email.repo.ts';
import { notificationEmailSql } from './notification-email.sql.ts';
import { verifyUnsubscribe } from './unsubscribe-token.ts';

type Ctx = Pick<Deps, 'db'>;

/** Every kind's channel: the user's choice, else the default. */
async function preferencesOf(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const chosen = new Map((await findPreferenceRows(db, userId)).map((r) => [r.kind, r.byEmail]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => {
      const byEmail = chosen.get(k);
      return [k, byEmail === undefined ? NOTIFICATION_CHANNEL_DEFAULTS[k] : byEmail ? 'email' : 'inApp'];
    }),
  ) as NotificationPreferences;
}

export async function getPreferences(ctx: Ctx, actor: Actor): Promise<NotificationPreferences> {
  return preferencesOf(ctx.db, actor.id);
}

/** Saves the kinds given; a kind turned off also drops its mail still waiting in the queue. */
export async function updatePreferences(
  ctx: Ctx,
  actor: Actor,
  input: UpdateNotificationPreferences,
): Promise<{ preferences: NotificationPreferences; message: string }> {
  const choices = NOTIFICATION_KINDS.filter((k) => input[k] !== undefined).map((kind) => ({
    kind,
    byEmail: input[kind] === 'email',
  }));
  const preferences = await ctx.db.transaction(async (tx) => {
    await upsertPreferences(tx, actor.id, choices, new Date());
    await dropPending(
      tx,
      actor.id,
      choices.filter((c) => !c.byEmail).map((c) => c.kind),
    );
    return preferencesOf(tx, actor.id);
  });
  return { preferences, message: preferenceMessages.saved };
}

const invalidLink = () =>
  new AppError(400, 'invalid_unsubscribe_link', preferenceMessages.invalidUnsubscribeLink);

/**
 * An unsubscribe link from a mail, used signed out: the token names the user and the kinds and
 * is signed by this server, so a forged or altered one is refused and changes nothing. Using it
 * again answers the same (the kinds are already off).
 */
export async function unsubscribe(
  ctx: Pick<Deps, 'db' | 'signingSecret'>,
  _actor: null,
  token: string,
): Promise<UnsubscribeAnswer> {
  const claim = verifyUnsubscribe(ctx.signingSecret, token);
  if (!claim) throw invalidLink();
  // A deleted account has nothing left to turn off: the link no longer points at anyone.
  if (!(await findUserById(ctx.db, claim.userId))) throw invalidLink();
  await ctx.db.transaction(async (tx) => {
    await upsertPreferences(
      tx,
      claim.userId,
      claim.kinds.map((kind) => ({ kind, byEmail: false })),
      new Date(),
    );
    await dropPending(tx, claim.userId, claim.kinds);
  });
  return { kinds: claim.kinds, message: preferenceMessages.unsubscribed(claim.kinds) };
}

/**
 * Called by createNotification in the transaction that stores the notification: a type that
 * belongs to a kind the recipient gets by e-mail is queued for the next batch of their mail.
 */
export async function queueNotificationEmail(
  ctx: TxCtx,
  _actor: null,
  n: { userId: string; notificationId: number; type: NotificationType },
): Promise<void> {
  const queue = notificationEmailSql(
    n.type,
    sql`select ${n.notificationId}::int as id, ${n.userId}::uuid as user_id`,
  );
  if (queue) await ctx.db.execute(queue);
}

/** Every kind on the site only (accounts whose address is not real, such as the demo accounts). */
export async function keepAllOnSite(ctx: TxCtx, actor: Pick<Actor, 'id'>): Promise<void> {
  await upsertPreferences(
    ctx.db,
    actor.id,
    NOTIFICATION_KINDS.map((kind) => ({ kind, byEmail: false })),
    new Date(),
  );
}
