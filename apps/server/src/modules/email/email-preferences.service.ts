import {
  NOTIFICATION_CHANNEL_DEFAULTS,
  NOTIFICATION_KINDS,
  UNSUBSCRIBE_LINK_TTL_DAYS,
  type NotificationKind,
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
import { userById } from '../users/users.service.ts';
import {
  dropPending,
  findPreferenceRows,
  lockPreferenceRows,
  queueNotificationEmailOf,
  upsertPreferences,
} from './email.repo.ts';

/** The mail queue's insert for notifications a statement of another module stores (notificationEmailSql's rule). */
export { notificationEmailSql } from './email.repo.ts';
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

/** Saves the kinds given that change; a kind turned off also drops its mail still waiting in the queue. */
export async function updatePreferences(
  ctx: Ctx,
  actor: Actor,
  input: UpdateNotificationPreferences,
): Promise<{ preferences: NotificationPreferences; message: string }> {
  const preferences = await ctx.db.transaction(async (tx) => {
    // Only kinds whose channel changes are written: a row's updated_at is when the user last
    // changed that kind, which decides whether an older mail's unsubscribe link may still act.
    const before = await preferencesOf(tx, actor.id);
    const choices = NOTIFICATION_KINDS.filter((k) => input[k] !== undefined && input[k] !== before[k]).map(
      (kind) => ({ kind, byEmail: input[kind] === 'email' }),
    );
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
const expiredLink = () =>
  new AppError(410, 'unsubscribe_link_expired', preferenceMessages.unsubscribeLinkExpired);
const outdatedLink = () =>
  new AppError(410, 'unsubscribe_link_outdated', preferenceMessages.unsubscribeLinkOutdated);

const LINK_TTL_MS = UNSUBSCRIBE_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * An unsubscribe link from a mail, used signed out: the token names the user, the kinds and when
 * the mail was sent, signed by this server, so a forged or altered one is refused and changes
 * nothing. A kind already off answers the same as before (using a link twice is harmless). A kind
 * the user changed after the mail was sent is left as they chose: an old mail's link must not turn
 * it off again; when that is every kind of the link, it answers 410. After
 * UNSUBSCRIBE_LINK_TTL_DAYS it answers 410 too; the settings page always works.
 */
export async function unsubscribe(
  ctx: Pick<Deps, 'db' | 'signingSecret'>,
  _actor: null,
  token: string,
  now = new Date(),
): Promise<UnsubscribeAnswer> {
  const claim = verifyUnsubscribe(ctx.signingSecret, token);
  if (!claim) throw invalidLink();
  // A deleted account has nothing left to turn off: the link no longer points at anyone.
  if (!(await userById(ctx, null, claim.userId))) throw invalidLink();
  const { sentAt } = claim;
  if (!sentAt || now.getTime() - sentAt.getTime() > LINK_TTL_MS) throw expiredLink();
  const { off, keptOn } = await ctx.db.transaction(async (tx) => {
    const rows = new Map((await lockPreferenceRows(tx, claim.userId)).map((r) => [r.kind, r]));
    const byEmail = (k: NotificationKind) =>
      rows.get(k)?.byEmail ?? NOTIFICATION_CHANNEL_DEFAULTS[k] === 'email';
    const changedSince = (k: NotificationKind) => (rows.get(k)?.updatedAt ?? sentAt) > sentAt;
    const keptOn = claim.kinds.filter((k) => byEmail(k) && changedSince(k));
    if (keptOn.length === claim.kinds.length) throw outdatedLink();
    const turnOff = claim.kinds.filter((k) => byEmail(k) && !changedSince(k));
    await upsertPreferences(
      tx,
      claim.userId,
      turnOff.map((kind) => ({ kind, byEmail: false })),
      now,
    );
    await dropPending(tx, claim.userId, turnOff);
    return { off: claim.kinds.filter((k) => !keptOn.includes(k)), keptOn };
  });
  const message = preferenceMessages.unsubscribed(off);
  return { kinds: off, message: keptOn.length ? `${message} ${preferenceMessages.keptOn(keptOn)}` : message };
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
  await queueNotificationEmailOf(ctx.db, n);
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
