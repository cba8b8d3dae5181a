import { formatUsd, fromCents, toCents } from '@brushline/shared/cards/pricing';
import type { Card } from '@brushline/shared/cards/schemas';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import {
  APPLICATION_LIST_MAX,
  TRACKING_STATES,
  type TrackingSide,
} from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import { clampPrice } from '@brushline/shared/requests/pricing';
import type {
  Application,
  ApplyBody,
  AnswerBody,
  PendingRequestGroup,
  TrackingGroup,
} from '@brushline/shared/requests/schemas';
import { FORM_DESCRIPTION_MAX } from '@brushline/shared/orders/constants';
import { TASK_TRANSITIONS } from '@brushline/shared/orders/status-machine';
import { answeredStatus, trackingStateOf } from '@brushline/shared/requests/tracking';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { getCard } from '../cards/cards.service.ts';
import { toMedia } from '../media/media.dto.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { createRequestedOrder, tasksOfForms } from '../orders/orders.service.ts';
import { toPerson } from '../users/users.dto.ts';
import {
  answerPending,
  applicationById,
  declinePendingOf,
  findApplicationReferenceRows,
  findApplicationRows,
  markApplicationRead,
  referenceIdsOf,
  replaceApplicationReferences,
  sentByArtist,
  setApplicationForm,
  toOwner,
  upsertPendingApplication,
  withStatus,
  type ApplicationRow,
} from './applications.repo.ts';
import { requestCardsChanged } from './request-list-cache.ts';
import { byGuid, lockRequest, readableBy } from './requests.repo.ts';
import { requestNotFound } from './requests.dto.ts';

type Ctx = Pick<Deps, 'db' | 'hub' | 'log' | 'bus' | 'events'>;

const applicationNotFound = () => notFound(requestMessages.applicationNotFound);

/** The card an application shows, as the viewer may see it (a card closed since shows no banner). */
async function cardsFor(ctx: TxCtx, actor: Actor, rows: ApplicationRow[]) {
  const uuids = [...new Set(rows.map((r) => r.cardUuid).filter((u): u is string => u !== null))];
  const cards = await Promise.all(
    uuids.map((uuid) => getCard(ctx as Pick<Deps, 'db'>, actor, uuid).catch(() => null)),
  );
  return new Map(uuids.map((u, i) => [u, cards[i]]));
}

/** Applications as answers: references in one query, tasks of approved ones in one more. */
export async function presentApplications(
  ctx: TxCtx,
  actor: Actor,
  rows: ApplicationRow[],
): Promise<Application[]> {
  const refs = await findApplicationReferenceRows(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byApp = new Map<number, Media[]>();
  for (const r of refs) byApp.set(r.applicationId, [...(byApp.get(r.applicationId) ?? []), toMedia(r.media)]);
  const tasks = await tasksOfForms(
    ctx,
    actor,
    rows.map((r) => r.formId).filter((id): id is number => id !== null),
  );
  const cards = await cardsFor(ctx, actor, rows);
  return rows.map((r) => {
    const card: Card | null | undefined = r.cardUuid ? cards.get(r.cardUuid) : null;
    const task = r.formId === null ? undefined : tasks.get(r.formId);
    return {
      id: r.id,
      senderId: r.senderId,
      sender: toPerson({
        id: r.senderId,
        login: r.senderLogin,
        displayName: r.senderDisplayName,
        avatarId: r.senderAvatarId,
      }),
      status: r.status,
      comment: r.comment,
      offeredPrice: fromCents(r.offeredPriceCents),
      belowMinimum: r.offeredPriceCents < r.requestPriceMinCents,
      attachedReferences: byApp.get(r.id) ?? [],
      isRead: r.isRead,
      applienceRequest: {
        guid: r.requestGuid,
        title: r.requestTitle,
        ownerId: r.requestOwnerId,
        ownerLogin: r.requestOwnerLogin,
        priceMin: fromCents(r.requestPriceMinCents),
      },
      commissionTask:
        task && r.formId !== null ? { id: task.id, formId: r.formId, status: task.status } : null,
      sendComissionCard: card ? { uuid: card.uuid, title: card.title, cardBanner: card.cardBanner } : null,
      cardTitle: r.cardTitle,
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
    };
  });
}

async function presentOne(ctx: TxCtx, actor: Actor, id: number): Promise<Application> {
  const [row] = await findApplicationRows(ctx.db, applicationById(id));
  return (await presentApplications(ctx, actor, [row!]))[0]!;
}

/** The actor's own application to a request (the request page shows it), or null. */
export async function myApplicationTo(ctx: TxCtx, actor: Actor | null, requestGuid: string) {
  if (!actor) return null;
  const [row] = await findApplicationRows(ctx.db, [sentByArtist(actor.id), byGuid(requestGuid)]);
  return row ? (await presentApplications(ctx, actor, [row]))[0]! : null;
}

/**
 * An artist applies to a public request with one of their own open cards, a comment, an offered
 * price (SPEC §5 clamping) and references. A second apply updates the pending application; an
 * answered one stays as it is (409). The owner cannot apply (403); hidden or missing requests
 * answer 404 (a hidden one is not revealed). The route counts APPLY_DAILY_LIMIT per artist. The
 * owner is notified (stored, e-mailed by their preferences) and, after the commit, told live.
 */
export async function apply(
  ctx: Ctx,
  actor: Actor,
  guid: string,
  body: ApplyBody,
): Promise<{ application: Application; delivered: boolean }> {
  const { id, ownerId, push } = await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, [byGuid(guid), readableBy(actor)]);
    if (!request) throw requestNotFound();
    if (request.ownerId === actor.id) throw new AppError(403, 'own_request', requestMessages.ownRequest);
    const card = await getCard({ db: tx }, actor, body.cardUUID).catch(() => null);
    if (!card || card.ownerId !== actor.id) throw notFound(requestMessages.cardNotYours);
    if (!card.isOpenComission || !card.isCommissionsOpen) {
      throw new AppError(409, 'card_closed', requestMessages.cardClosed);
    }
    await assertOwnMedia({ db: tx }, actor, body.references, ['reference']);
    const appId = await upsertPendingApplication(tx, {
      requestId: request.id,
      senderId: actor.id,
      cardUuid: card.uuid,
      cardTitle: card.title,
      comment: body.comment,
      offeredPriceCents: toCents(clampPrice(body.offeredPrice)),
    });
    if (appId === null) throw new AppError(409, 'already_answered', requestMessages.alreadyAnswered);
    await replaceApplicationReferences(tx, appId, body.references);
    const offered = clampPrice(body.offeredPrice);
    const below =
      toCents(offered) < request.priceMinCents
        ? ` (${requestMessages.belowMinimum(formatUsd(fromCents(request.priceMinCents)))})`
        : '';
    const created = await createNotification({ db: tx }, actor, {
      userId: request.ownerId,
      type: 'approval_request_status',
      message: `${actor.login} applied to “${request.title}” for ${formatUsd(offered)}${below}`,
    });
    return { id: appId, ownerId: request.ownerId, push: created.push };
  });
  // The request's card counts its applications.
  await requestCardsChanged(ctx.bus);
  push(ctx);
  let delivered = true;
  try {
    ctx.hub.toUser(ownerId, 'AppliedForRequestRecieved', {
      applicationId: id,
      requestGuid: guid,
      senderLogin: actor.login,
    });
  } catch (err) {
    delivered = false;
    ctx.log.warn({ err }, 'could not push an application');
  }
  return { application: await presentOne(ctx, actor, id), delivered };
}

/** An application the actor may answer or mark read: only the request's owner (everyone else 404). */
async function ownersApplication(ctx: TxCtx, actor: Actor, id: number): Promise<ApplicationRow> {
  const [row] = await findApplicationRows(ctx.db, applicationById(id));
  if (!row || row.requestOwnerId !== actor.id) throw applicationNotFound();
  return row;
}

/** PATCH request/read/{id}: the owner opening an application marks it read. */
export async function readApplication(ctx: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Application> {
  const row = await ownersApplication(ctx, actor, id);
  if (!row.isRead) await markApplicationRead(ctx.db, id);
  return presentOne(ctx, actor, id);
}

/**
 * The owner approves (confirm) or declines (reject) a pending application. The status changes by
 * one conditional UPDATE, so of two racing answers exactly one wins and the other gets 409 with
 * the SPEC's failure message. Approving makes, in the same transaction, the order: a "requested"
 * form with its task already accepted (orders' createRequestedOrder); after the commit the
 * artist's board follows it (the board hook) and the artist is notified.
 */
export async function answerApplication(ctx: Ctx, actor: Actor, body: AnswerBody): Promise<Application> {
  const row = await ownersApplication(ctx, actor, body.id);
  const to = answeredStatus(row.status, body.answer);
  if (!to) throw new AppError(409, 'already_answered', messages.applicationAnswerFailed);
  let formId: number | null = null;
  const push = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    if (!(await answerPending(tx, row.id, to))) {
      throw new AppError(409, 'already_answered', messages.applicationAnswerFailed);
    }
    if (to === 'approved') {
      const request = (await lockRequest(tx, byGuid(row.requestGuid)))!;
      const card = row.cardUuid ? await getCard({ db: tx }, actor, row.cardUuid).catch(() => null) : null;
      const order = await createRequestedOrder({ db: tx, emit }, actor, {
        buyerId: actor.id,
        artistId: row.senderId,
        cardUuid: card ? row.cardUuid : null,
        cardTitle: card?.title ?? row.cardTitle,
        terms: card?.terms ?? '',
        revisionsIncluded: card?.revisionsIncluded ?? null,
        description: [
          request.title,
          request.description,
          request.additionalRequirements,
          request.preferences,
          row.comment,
        ]
          .filter((s) => s.trim() !== '')
          .join('\n\n')
          .slice(0, FORM_DESCRIPTION_MAX),
        totalPriceCents: row.offeredPriceCents,
        references: await referenceIdsOf(tx, row.id),
        deadlineDays: request.deadlineDays,
      });
      await setApplicationForm(tx, row.id, order.formId);
      formId = order.formId;
    }
    const created = await createNotification({ db: tx }, actor, {
      userId: row.senderId,
      type: 'approval_request_status',
      message: `${actor.login} ${to === 'approved' ? 'approved' : 'declined'} your application to “${row.requestTitle}”`,
    });
    return created.push;
  });
  push(ctx);
  // The artist's kanban task follows its status (the board's reaction).
  if (formId !== null) {
    await ctx.events.emit('commissionStatusChanged', {
      formId,
      artistId: row.senderId,
      buyerId: actor.id,
      status: TASK_TRANSITIONS.accept.to,
    });
  }
  return presentOne(ctx, actor, row.id);
}

/** The owner's pending list: every application to their requests, grouped by request, newest first. */
export async function listPending(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<PendingRequestGroup[]> {
  const rows = await findApplicationRows(ctx.db, toOwner(actor.id), APPLICATION_LIST_MAX);
  const apps = await presentApplications(ctx, actor, rows);
  const groups = new Map<string, PendingRequestGroup>();
  for (const a of apps) {
    const g = groups.get(a.applienceRequest.guid) ?? {
      request: { guid: a.applienceRequest.guid, title: a.applienceRequest.title },
      applications: [],
    };
    g.applications.push(a);
    groups.set(a.applienceRequest.guid, g);
  }
  return [...groups.values()];
}

/**
 * Tracking, grouped by the shared state mapping (tracking.ts): incoming is what the artist sent,
 * outgoing the answered applications to the actor's requests. Every state is present, even empty.
 */
export async function listTracking(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  side: TrackingSide,
): Promise<TrackingGroup[]> {
  const where =
    side === 'incoming'
      ? [sentByArtist(actor.id), withStatus(['approved', 'declined'])]
      : [toOwner(actor.id), withStatus(['approved', 'declined'])];
  const apps = await presentApplications(
    ctx,
    actor,
    await findApplicationRows(ctx.db, where, APPLICATION_LIST_MAX),
  );
  return TRACKING_STATES.map((state) => ({
    state,
    userRequestsForApprove: apps.filter(
      (a) => trackingStateOf(a.status, a.commissionTask?.status ?? null) === state,
    ),
  }));
}

/**
 * Staff suspended or banned an account (moderation's accountRestrictionChanged, in its
 * transaction; decision 0022): the pending applications it sent, and those to its requests, end as
 * declined — nobody can answer them now — and the other side of each is told.
 */
export async function followApplicantRestriction(
  ctx: TxCtx,
  _actor: null,
  e: { userId: string; restricted: boolean },
): Promise<void> {
  if (!e.restricted) return;
  for (const a of await declinePendingOf(ctx.db, e.userId)) {
    const theyApplied = a.senderId === e.userId;
    await createNotification(ctx, null, {
      userId: theyApplied ? a.ownerId : a.senderId,
      type: 'approval_request_status',
      message: theyApplied
        ? `An application to “${a.title}” ended: staff suspended the artist's account`
        : `Your application to “${a.title}” ended: staff suspended the account that posted the request`,
    });
  }
}
