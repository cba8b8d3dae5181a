import { choiceMessages } from '@brushline/shared/cards/messages';
import { resolveChoice, sameTotal, toCents } from '@brushline/shared/cards/pricing';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import { ORDER_LIST_MAX, TASK_STATUSES } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type {
  CommissionerSummary,
  PendingGroup,
  SendFormBody,
  SentForm,
  StatusCounts,
} from '@brushline/shared/orders/schemas';
import type { PaymentProviderId } from '@brushline/shared/payments/constants';
import { FULL_PLAN } from '@brushline/shared/payments/plan';
import { ACTIVE_TASK_STATUSES, TASK_TRANSITIONS } from '@brushline/shared/orders/status-machine';
import { isStaff } from '@brushline/shared/roles';
import { userNotFound } from '@brushline/shared/users/messages';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import type { EmitCtx } from '../../platform/events.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { toPricedCard } from '../cards/cards.dto.ts';
import { canSeeCard, lockCardForShare } from '../cards/cards.service.ts';
import { toMedia } from '../media/media.dto.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { toSentForm } from './orders.dto.ts';
import {
  betweenUsers,
  byFormId,
  byFormIds,
  countTasksByCommissioner,
  findFormRows,
  findReferenceRows,
  dueInDays,
  hasWipUpdate,
  insertFormWithTask,
  lockTask,
  markFormRead,
  moveTaskStatus,
  newFor,
  receivedBy,
  sentBy,
  setDueAt,
  claimPaymentProvider,
  setStartBeforePayment,
  type FormRow,
} from './orders.repo.ts';

/** Forms as answers, with all their references fetched in one more query. */
export async function presentForms(ctx: TxCtx, rows: FormRow[]): Promise<SentForm[]> {
  const refs = await findReferenceRows(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byForm = new Map<number, Media[]>();
  for (const r of refs) byForm.set(r.formId, [...(byForm.get(r.formId) ?? []), toMedia(r.media)]);
  return rows.map((r) => toSentForm(r, byForm.get(r.id) ?? []));
}

export async function presentForm(ctx: TxCtx, row: FormRow): Promise<SentForm> {
  return (await presentForms(ctx, [row]))[0]!;
}

export const formNotFound = () => notFound(orderMessages.formNotFound);

/** Which side of the form the actor is on; anyone else gets the same 404 as a missing form. */
export function sideOf(row: Pick<FormRow, 'artistId' | 'senderId'>, actor: Actor): 'artist' | 'buyer' {
  if (row.artistId === actor.id) return 'artist';
  if (row.senderId === actor.id) return 'buyer';
  throw formNotFound();
}

/** The order `formId` as one of its two parties reads it (reviews), with their side; anyone else 404. */
export async function orderOfParty(ctx: TxCtx, actor: Actor, formId: number) {
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  if (!row) throw formNotFound();
  return { ...row, side: sideOf(row, actor) };
}

/** Lists that name the artist by login answer only to that artist (anyone else gets 404). */
function assertSelf(actor: Actor, login: string): void {
  if (login.toLowerCase() !== actor.login.toLowerCase()) throw notFound(userNotFound);
}

/**
 * Sends a form to the owner of an open card. Every price is the server's: the total is
 * recomputed from the card as stored (locked for the transaction), and one the buyer saw that
 * differs is refused, so a tampered or stale total never reaches the artist. The form, its
 * references and its task are stored together; the artist hears about it after the commit.
 */
export async function sendForm(
  ctx: Pick<Deps, 'db' | 'limits' | 'hub' | 'log' | 'slotsOf' | 'payoutGate'>,
  actor: Actor,
  body: SendFormBody,
): Promise<SentForm> {
  await ctx.limits.hit('formSendUser', actor.id);
  const { formId, artistId, push } = await ctx.db.transaction(async (tx) => {
    const card = await lockCardForShare({ db: tx }, actor, body.cardUUID);
    if (!card || !canSeeCard(card, actor)) throw notFound(messages.comissionMissing);
    if (card.ownerId === actor.id) throw new AppError(403, 'self_commission', messages.formSendFailed);
    if (!card.isCommissionsOpen) throw new AppError(409, 'comission_closed', messages.comissionClosed);
    // With Stripe, the artist's account must be able to receive the buyer's card payments.
    await ctx.payoutGate({ db: tx }, { artistId: card.ownerId, who: 'buyer' });
    if (card.descriptionRequired && body.description.trim() === '') {
      throw new AppError(400, 'description_required', orderMessages.descriptionRequired);
    }
    const choice = resolveChoice(toPricedCard(card), body.chosen);
    if (!choice.ok) throw new AppError(400, 'invalid_choice', choice.message);
    if (!sameTotal(choice.total, body.totalPrice)) {
      throw new AppError(400, 'price_mismatch', choiceMessages.totalMismatch);
    }
    await assertOwnMedia({ db: tx }, actor, body.references, ['reference']);
    // Sent while no slot is open: it waits for one, and Incoming marks it (decision 0014).
    const waitlist = (await ctx.slotsOf({ db: tx }, card.ownerId)).openSlots === 0;
    const ids = await insertFormWithTask(
      tx,
      {
        cardUuid: card.uuid,
        cardTitle: card.title,
        artistId: card.ownerId,
        senderId: actor.id,
        description: body.description,
        terms: card.terms,
        totalPriceCents: toCents(choice.total),
        revisionsIncluded: card.revisionsIncluded,
        paymentPlan: card.paymentPlan,
        deliveryDays: card.deliveryDays,
        chosen: choice.lines.map((l) => ({
          key: l.key,
          title: l.title,
          options: l.options.map((o) => ({ key: o.key, option: o.option, priceCents: toCents(o.price) })),
        })),
        waitlist,
        showInQueue: body.showInQueue,
      },
      body.references,
    );
    const created = await createNotification({ db: tx }, actor, {
      userId: card.ownerId,
      type: 'commission_request_status',
      message: `${actor.login} sent you a request for “${card.title}”${waitlist ? ' (waitlist)' : ''}`,
      formId: ids.formId,
    });
    return { formId: ids.formId, artistId: card.ownerId, push: created.push };
  });
  push(ctx);
  try {
    ctx.hub.toUser(artistId, 'ComissionRequestRecieved', {
      formId,
      cardUuid: body.cardUUID,
      senderLogin: actor.login,
    });
  } catch (err) {
    ctx.log.warn({ err }, 'could not push a commission request');
  }
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  return presentForm(ctx, row!);
}

/** Every form the actor sent, newest first, whatever its status. */
export async function listOutgoing(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<SentForm[]> {
  return presentForms(ctx, await findFormRows(ctx.db, sentBy(actor.id), ORDER_LIST_MAX));
}

/** The artist's new forms (task status none), grouped by commissioner, newest group first. */
export async function listPendingGroups(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  login: string,
): Promise<PendingGroup[]> {
  assertSelf(actor, login);
  const forms = await presentForms(ctx, await findFormRows(ctx.db, newFor(actor.id), ORDER_LIST_MAX));
  const groups = new Map<string, PendingGroup>();
  for (const form of forms) {
    const group = groups.get(form.senderId) ?? { sender: form.sender, forms: [] };
    group.forms.push(form);
    groups.set(form.senderId, group);
  }
  return [...groups.values()];
}

/** Every task the artist has, any status, newest first (the CRM lists). */
export async function listArtistTasks(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  login: string,
): Promise<SentForm[]> {
  assertSelf(actor, login);
  return presentForms(ctx, await findFormRows(ctx.db, receivedBy(actor.id), ORDER_LIST_MAX));
}

/** The artist's commissioners with how many tasks of each status they have; most recent first. */
export async function listCommissioners(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<CommissionerSummary[]> {
  const rows = await countTasksByCommissioner(ctx.db, actor.id);
  const summaries = new Map<string, CommissionerSummary & { lastAt: string }>();
  for (const r of rows) {
    let s = summaries.get(r.senderId);
    if (!s) {
      const counts = Object.fromEntries(TASK_STATUSES.map((st) => [st, 0])) as StatusCounts;
      s = {
        commissioner: toPerson({
          id: r.senderId,
          login: r.senderLogin,
          displayName: r.senderDisplayName,
          avatarId: r.senderAvatarId,
        }),
        counts,
        active: 0,
        lastAt: r.lastAt,
      };
      summaries.set(r.senderId, s);
    }
    s.counts[r.status] += r.n;
    if (ACTIVE_TASK_STATUSES.includes(r.status)) s.active += r.n;
    if (r.lastAt > s.lastAt) s.lastAt = r.lastAt;
  }
  return [...summaries.values()]
    .sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0))
    .map(({ commissioner, counts, active }) => ({ commissioner, counts, active }));
}

/**
 * Opens a form's details. The artist's opening marks it read (SPEC §4); the buyer may open it too
 * (their own form) without changing anything; anyone else gets 404.
 */
export async function readForm(ctx: Pick<Deps, 'db'>, actor: Actor, formId: number): Promise<SentForm> {
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  if (!row) throw formNotFound();
  if (sideOf(row, actor) === 'artist' && !row.isRead) {
    await markFormRead(ctx.db, formId);
    return presentForm(ctx, { ...row, isRead: true });
  }
  return presentForm(ctx, row);
}

/**
 * Every order between the actor and another user, either way round, newest first (a working
 * chat's task side bar). The chat module has checked the two share a room.
 */
export async function listOrdersBetween(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  otherUserId: string,
): Promise<SentForm[]> {
  return presentForms(ctx, await findFormRows(ctx.db, betweenUsers(actor.id, otherUserId), ORDER_LIST_MAX));
}

/** What an approved application to a request turns into (decision 0018). */
export interface RequestedOrder {
  /** The request's owner: the commissioner of the order. */
  buyerId: string;
  artistId: string;
  cardUuid: string | null;
  cardTitle: string;
  terms: string;
  revisionsIncluded: number | null;
  description: string;
  totalPriceCents: number;
  references: readonly string[];
  /** The request's deadline in days: the order is due that long after now (the approval). */
  deadlineDays: number;
}

/**
 * An order made by approving an application, inside the approval's transaction: a sent form of
 * type "requested" (the card as it is now, the offered price as total, the application's
 * references) whose task is already accepted (none → waiting, the machine's accept move, with the
 * working chat an accept opens), so the artist starts it like any accepted order. The caller
 * runs the board hook (followCommissionStatus) after its commit.
 */
export async function createRequestedOrder(
  ctx: EmitCtx,
  _actor: Actor,
  order: RequestedOrder,
): Promise<{ formId: number; taskId: number }> {
  const ids = await insertFormWithTask(
    ctx.db,
    {
      cardUuid: order.cardUuid,
      cardTitle: order.cardTitle,
      artistId: order.artistId,
      senderId: order.buyerId,
      description: order.description,
      terms: order.terms,
      totalPriceCents: order.totalPriceCents,
      revisionsIncluded: order.revisionsIncluded,
      chosen: [],
      type: 'requested',
      dueAt: dueInDays(order.deadlineDays),
      // A request states an offered price and a deadline, not a plan: paid in full up front.
      paymentPlan: FULL_PLAN,
    },
    order.references,
  );
  const accept = TASK_TRANSITIONS.accept;
  if (!(await moveTaskStatus(ctx.db, ids.taskId, accept.from, accept.to))) {
    throw new AppError(409, 'illegal_transition', orderMessages.illegalTransition);
  }
  await ctx.emit('orderMoved', {
    formId: ids.formId,
    artistId: order.artistId,
    buyerId: order.buyerId,
    actorId: order.artistId,
    action: 'accept',
    from: accept.from,
    to: accept.to,
  });
  await ctx.emit('orderAccepted', { artistId: order.artistId, buyerId: order.buyerId });
  return ids;
}

/** The task of each of these forms (for features that point at orders, e.g. request tracking). */
export async function tasksOfForms(
  ctx: TxCtx,
  _actor: Actor | null,
  formIds: number[],
): Promise<Map<number, { id: number; status: SentForm['status'] }>> {
  if (formIds.length === 0) return new Map();
  const rows = await findFormRows(ctx.db, byFormIds(formIds));
  return new Map(rows.map((r) => [r.id, { id: r.taskId, status: r.taskStatus }]));
}

/** An order as the money side (payments) reads it. */
export type MoneyOrder = FormRow & {
  /** The viewer: one of the two parties, or staff (who may read, never act). */
  side: 'artist' | 'buyer' | 'staff';
  /** A work in progress was shared: payments due "when a WIP is shared" are due. */
  hasWip: boolean;
};

/**
 * The order `formId` for its money side. The two parties see it; staff read it; anyone else gets
 * 404 as for the order itself. With `lock`, the task row is held (FOR UPDATE) for the rest of the
 * caller's transaction first, so a money action and a move of the same order happen one after the
 * other and each sees what the other did.
 */
export async function orderForMoney(
  ctx: TxCtx,
  actor: Actor,
  formId: number,
  opts: { lock?: boolean } = {},
): Promise<MoneyOrder> {
  if (opts.lock && !(await lockTask(ctx.db, formId))) throw formNotFound();
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  if (!row) throw formNotFound();
  const side =
    row.artistId === actor.id
      ? 'artist'
      : row.senderId === actor.id
        ? 'buyer'
        : isStaff(actor.roles)
          ? 'staff'
          : null;
  if (!side) throw formNotFound();
  return { ...row, side, hasWip: await hasWipUpdate(ctx.db, formId) };
}

/** The same order read by the server itself (timers): no viewer, no access check. */
export async function orderForTimer(ctx: TxCtx, _actor: null, formId: number, opts: { lock?: boolean } = {}) {
  if (opts.lock && !(await lockTask(ctx.db, formId))) return null;
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  return row ?? null;
}

/** The artist's choice to start before the up-front payment; only theirs, while not yet started. */
export async function chooseStartBeforePayment(
  ctx: TxCtx,
  _actor: Actor,
  formId: number,
  enabled: boolean,
): Promise<void> {
  await setStartBeforePayment(ctx.db, formId, enabled);
}

/**
 * The order's first payment step fixes who moves its money (decision 0031, "One provider per
 * order"); false when the other provider already did.
 */
export async function fixPaymentProvider(
  ctx: TxCtx,
  _actor: null,
  input: { formId: number; provider: PaymentProviderId },
): Promise<boolean> {
  return claimPaymentProvider(ctx.db, input.formId, input.provider);
}

/** An accepted extension moves the order's due date. */
export async function moveDueDate(
  ctx: TxCtx,
  _actor: Actor | null,
  formId: number,
  dueAt: Date,
): Promise<void> {
  await setDueAt(ctx.db, formId, dueAt);
}
