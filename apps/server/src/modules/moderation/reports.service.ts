import {
  CASES_PAGE_SIZE,
  OPEN_CASE_STATUSES,
  type ReportTarget,
} from '@brushline/shared/moderation/constants';
import {
  hiddenByStaffText,
  reportMessages as rm,
  reportTargetText,
} from '@brushline/shared/moderation/messages';
import type {
  CaseAssignBody,
  CaseCloseBody,
  CaseDetail,
  CaseNoteBody,
  CasePage,
  CaseQuery,
  ReportBody,
} from '@brushline/shared/moderation/schemas';
import { cutText } from '@brushline/shared/text';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import type { TxCtx } from '../../platform/deps.ts';
import { getCard, getCardForStaff, setCardHiddenByStaff } from '../cards/cards.service.ts';
import { messageForMember, messageForStaff, setMessageHiddenByStaff } from '../chat/chat-messages.service.ts';
import {
  galleryModerated,
  getImage,
  getImageForStaff,
  setImageHiddenByStaff,
} from '../gallery/images.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import {
  authorChanged,
  getPost,
  getPostForStaff,
  setPostHiddenByStaff,
  setPostMaturityByStaff,
} from '../posts/posts.service.ts';
import {
  getRequest,
  getRequestForStaff,
  requestsModerated,
  setRequestHiddenByStaff,
} from '../requests/requests.service.ts';
import { reviewForReader, reviewHidden, setReviewHiddenByStaff } from '../reviews/reviews.service.ts';
import { getTagByTitle } from '../tags/tags.service.ts';
import { getUserByLogin } from '../users/users.service.ts';
import { toCaseDetail, toCaseSummary } from './reports.dto.ts';
import { insertAudit } from './moderation.repo.ts';
import { requireStaff } from './moderation.rules.ts';
import {
  findCase,
  findCases,
  findNotes,
  findReporterIds,
  findReports,
  insertNote,
  insertReport,
  lockOpenCase,
  openCase,
  updateOpenCase,
} from './reports.repo.ts';

type Ctx = Pick<Deps, 'db' | 'hub' | 'log' | 'limits' | 'bus'>;

/** A reported thing as the reporter (or staff) can see it now: its owner, a short title, and its content. */
interface Target {
  ownerId: string | null;
  title: string;
  snapshot: Record<string, unknown>;
}

const SNIPPET = 60;
const quote = (text: string) => `“${cutText(text.replace(/\s+/g, ' ').trim(), SNIPPET, { atWord: true })}”`;
const intId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

/**
 * How staff hide each kind that can be hidden (decision 0022), through its own module, inside the
 * case's transaction, and what each drops from the caches once it has committed. Profiles and tags
 * are acted on otherwise (a suspension; the wiki's staff actions); reviews are hidden below, as
 * their averages move with them.
 */
const HIDERS: Partial<
  Record<
    ReportTarget,
    {
      hide(ctx: TxCtx, staff: Actor, id: string, reason: string | null): Promise<boolean>;
      after(ctx: Ctx, staff: Actor): Promise<void>;
    }
  >
> = {
  post: {
    hide: async (c, s, id, r) => intId(id) !== null && setPostHiddenByStaff(c, s, intId(id)!, r),
    after: (c) => authorChanged(c, null),
  },
  card: { hide: setCardHiddenByStaff, after: galleryModerated },
  image: { hide: setImageHiddenByStaff, after: galleryModerated },
  request: { hide: setRequestHiddenByStaff, after: requestsModerated },
  message: {
    hide: async (c, s, id, r) => intId(id) !== null && setMessageHiddenByStaff(c, s, intId(id)!, r),
    after: async () => {},
  },
};
const HIDEABLE: readonly ReportTarget[] = [...(Object.keys(HIDERS) as ReportTarget[]), 'review'];
/** Kinds with a maturity label staff can change. */
const RELABELABLE: readonly ReportTarget[] = ['post'];

/**
 * The target as `actor` may see it, through its own module's service (so nobody reports what they
 * cannot see); undefined when it does not exist or is not theirs to see. Staff working a case
 * (`asStaff`) read it whatever its privacy or whether they hid it.
 */
async function readTarget(
  ctx: Ctx,
  actor: Actor,
  kind: ReportTarget,
  id: string,
  asStaff = false,
): Promise<Target | undefined> {
  try {
    switch (kind) {
      case 'post': {
        const n = intId(id);
        if (n === null) return undefined;
        const p = await (asStaff ? getPostForStaff : getPost)(ctx, actor, n);
        return {
          ownerId: p.ownerId,
          title: `Post #${p.id} by @${p.owner.login}: ${quote(p.postContent || '(pictures only)')}`,
          snapshot: {
            text: p.postContent,
            maturity: p.maturity,
            aiLabel: p.aiLabel,
            media: p.attachedMedia.map((m) => m.id),
            owner: p.owner.login,
            hiddenByStaff: p.hiddenByStaff,
          },
        };
      }
      case 'profile': {
        const u = await getUserByLogin(ctx, actor, id);
        return {
          ownerId: u.id,
          title: `Profile @${u.displayLogin} (${u.displayName})`,
          snapshot: {
            login: u.displayLogin,
            displayName: u.displayName,
            avatar: u.userProfileStore.profilePicture?.path ?? null,
            banner: u.userProfileStore.bannerPicture?.path ?? null,
            socials: u.connectedSocials.map((s) => s.url),
          },
        };
      }
      case 'card': {
        const c = await (asStaff ? getCardForStaff : getCard)(ctx, actor, id);
        return {
          ownerId: c.ownerId,
          title: `Commission card ${quote(c.title)} by @${c.owner.login}`,
          snapshot: {
            title: c.title,
            info: c.infoProvidedByTheAuthor,
            terms: c.terms,
            startingPrice: c.startingPrice,
            banner: c.cardBanner?.id ?? null,
            aiLabel: c.aiLabel,
            hiddenByStaff: c.hiddenByStaff,
          },
        };
      }
      case 'request': {
        const r = await (asStaff ? getRequestForStaff : getRequest)(ctx, actor, id);
        return {
          ownerId: r.owner.id,
          title: `Request ${quote(r.title)} by @${r.owner.login}`,
          snapshot: {
            title: r.title,
            description: r.description,
            preferences: r.preferences,
            media: r.attachedMedia.map((m) => m.id),
            hiddenByStaff: r.hiddenByStaff,
          },
        };
      }
      case 'image': {
        const i = await (asStaff ? getImageForStaff : getImage)(ctx, actor, id);
        return {
          ownerId: i.owner.id,
          title: `Gallery image ${quote(i.title || 'Untitled')} by @${i.owner.login}`,
          snapshot: {
            title: i.title,
            media: i.media.id,
            tags: i.tags.map((t) => t.title),
            aiLabel: i.aiLabel,
            hiddenByStaff: i.hiddenByStaff,
          },
        };
      }
      case 'tag': {
        const t = await getTagByTitle(ctx, actor, id);
        return {
          ownerId: null,
          title: `Tag ${quote(t.title)}`,
          snapshot: { title: t.title, description: t.description, maturity: t.maturity },
        };
      }
      case 'message': {
        const n = intId(id);
        const m =
          n === null ? undefined : await (asStaff ? messageForStaff : messageForMember)(ctx, actor, n);
        if (!m) return undefined;
        return {
          ownerId: m.senderId,
          title: `Chat message from @${m.senderLogin}: ${quote(m.text || '(attachments only)')}`,
          snapshot: {
            text: m.text,
            sender: m.senderLogin,
            attachments: m.attachmentIds,
            sentAt: m.createdAt,
            hiddenByStaff: m.hiddenReason,
          },
        };
      }
      case 'review': {
        const r = await reviewForReader(ctx, actor, id);
        if (!r) return undefined;
        return {
          ownerId: r.authorId,
          title: `Review of @${r.subject.login} by @${r.author.login} (${r.stars}/5): ${quote(r.text || '(stars only)')}`,
          snapshot: {
            stars: r.stars,
            text: r.text,
            author: r.author.login,
            subject: r.subject.login,
            order: r.orderId,
            answer: r.answer,
            hiddenByStaff: r.hiddenByStaff,
          },
        };
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

/**
 * Any signed-in user reports something they can see (not their own) with a reason and a comment.
 * The content is kept as it is now (a snapshot). Reports of one target join its open case; one
 * report per person and case. Counted against the reporter's hourly report limit.
 */
export async function report(ctx: Ctx, actor: Actor, body: ReportBody): Promise<{ message: string }> {
  await ctx.limits.hit('reportUser', actor.id);
  const target = await readTarget(ctx, actor, body.targetKind, body.targetId);
  if (!target) throw notFound(rm.targetNotFound);
  if (target.ownerId === actor.id) throw new AppError(409, 'own_content', rm.ownContent);
  // The same spelling for every report of one target: a login or a tag title in any case.
  const targetId = ['profile', 'tag'].includes(body.targetKind) ? body.targetId.toLowerCase() : body.targetId;
  await ctx.db.transaction(async (tx) => {
    const caseId =
      (await lockOpenCase(tx, body.targetKind, targetId))?.id ??
      (await openCase(tx, {
        targetKind: body.targetKind,
        targetId,
        targetOwnerId: target.ownerId,
        title: target.title,
      }));
    const stored = await insertReport(tx, {
      caseId,
      reporterId: actor.id,
      reason: body.reason,
      comment: body.comment,
      snapshot: target.snapshot,
    });
    if (!stored) throw new AppError(409, 'already_reported', rm.alreadyReported);
  });
  return { message: rm.sent };
}

/** The staff queue: cases by status (open: new and investigating), the most recently reported first. */
export async function listCases(ctx: Pick<Deps, 'db'>, actor: Actor | null, q: CaseQuery): Promise<CasePage> {
  requireStaff(actor);
  const statuses = q.status === 'open' ? OPEN_CASE_STATUSES : [q.status];
  const { rows, total } = await findCases(ctx.db, statuses, CASES_PAGE_SIZE, (q.page - 1) * CASES_PAGE_SIZE);
  return { cases: rows.map(toCaseSummary), total };
}

async function detail(ctx: Ctx, staff: Actor, id: number): Promise<CaseDetail> {
  const row = await findCase(ctx.db, id);
  if (!row) throw notFound(rm.caseNotFound);
  const [live, reports, notes] = await Promise.all([
    readTarget(ctx, staff, row.targetKind, row.targetId, true),
    findReports(ctx.db, id),
    findNotes(ctx.db, id),
  ]);
  const canHide = HIDEABLE.includes(row.targetKind);
  return toCaseDetail(row, {
    live: live?.snapshot ?? null,
    hidden: canHide && typeof live?.snapshot.hiddenByStaff === 'string',
    canHide,
    canRelabel: RELABELABLE.includes(row.targetKind),
    reports,
    notes,
  });
}

/** One case with its reports (each with its snapshot), the target as it is now, and the notes. */
export async function getCase(ctx: Ctx, actor: Actor | null, id: number): Promise<CaseDetail> {
  return detail(ctx, requireStaff(actor), id);
}

/** A staff member takes an open case (investigating, assigned to them) or gives it back (new). */
export async function assignCase(ctx: Ctx, actor: Actor | null, id: number, body: CaseAssignBody) {
  const staff = requireStaff(actor);
  const moved = await updateOpenCase(
    ctx.db,
    id,
    body.assignToMe ? { status: 'investigating', assigneeId: staff.id } : { status: 'new', assigneeId: null },
  );
  if (!moved)
    throw (await findCase(ctx.db, id))
      ? new AppError(409, 'case_closed', rm.caseClosed)
      : notFound(rm.caseNotFound);
  return detail(ctx, staff, id);
}

export async function addCaseNote(ctx: Ctx, actor: Actor | null, id: number, body: CaseNoteBody) {
  const staff = requireStaff(actor);
  if (!(await findCase(ctx.db, id))) throw notFound(rm.caseNotFound);
  await insertNote(ctx.db, { caseId: id, authorId: staff.id, text: body.text });
  return detail(ctx, staff, id);
}

/**
 * Ends an open case. `hide` hides the content (its owner is told why; it leaves every list) and
 * resolves; `relabel` gives a post another maturity label (its owner is told) and resolves;
 * `resolve` records an action taken on the owner's account; `dismiss` takes none. Every
 * reporter is told how it ended, never who else reported; the reported person is never told who
 * reported. One transaction with its audit entries; a case another staff member ended first answers 409.
 */
export async function closeCase(ctx: Ctx, actor: Actor | null, id: number, body: CaseCloseBody) {
  const staff = requireStaff(actor);
  const row = await findCase(ctx.db, id);
  if (!row) throw notFound(rm.caseNotFound);
  const hide = body.outcome === 'hide';
  if (hide && !HIDEABLE.includes(row.targetKind)) throw new AppError(409, 'cannot_hide', rm.cannotHide);
  const relabel = body.outcome === 'relabel' ? body.maturity! : null;
  if (relabel) {
    if (!RELABELABLE.includes(row.targetKind)) throw new AppError(409, 'cannot_relabel', rm.cannotRelabel);
    const live = await readTarget(ctx, staff, row.targetKind, row.targetId, true);
    if (!live) throw notFound(rm.targetNotFound);
    if (live.snapshot.maturity === relabel) throw new AppError(409, 'same_maturity', rm.sameMaturity);
  }
  const outcome = body.outcome === 'dismiss' ? 'dismissed' : 'resolved';
  let reviewPeople: string[] | null = null;
  const pushes = await ctx.db.transaction(async (tx) => {
    if (
      !(await updateOpenCase(tx, id, { status: outcome, resolution: body.resolution, assigneeId: staff.id }))
    )
      throw new AppError(409, 'case_closed', rm.caseClosed);
    const audit = {
      actorId: staff.id,
      actorLogin: staff.login,
      targetUserId: row.ownerId,
      targetLogin: row.ownerLogin,
      reason: body.resolution,
      detail: { case: id, kind: row.targetKind, target: row.targetId },
    };
    const told = [];
    if (relabel) {
      if (!(await setPostMaturityByStaff({ db: tx }, staff, intId(row.targetId) ?? 0, relabel)))
        throw notFound(rm.targetNotFound);
      await insertAudit(tx, { ...audit, action: 'relabel', detail: { ...audit.detail, maturity: relabel } });
      if (row.ownerId)
        told.push(
          await createNotification({ db: tx }, null, {
            userId: row.ownerId,
            type: 'system_notification',
            message: rm.relabelledTold(relabel, body.resolution),
          }),
        );
    }
    if (hide) {
      if (row.targetKind === 'review') {
        reviewPeople = await setReviewHiddenByStaff({ db: tx }, staff, row.targetId, body.resolution);
        if (!reviewPeople) throw notFound(rm.targetNotFound);
      } else if (!(await HIDERS[row.targetKind]!.hide({ db: tx }, staff, row.targetId, body.resolution)))
        throw notFound(rm.targetNotFound);
      await insertAudit(tx, { ...audit, action: 'hide' });
      if (row.ownerId)
        told.push(
          await createNotification({ db: tx }, null, {
            userId: row.ownerId,
            type: 'system_notification',
            message: `Staff hid your ${reportTargetText[row.targetKind]}. ${hiddenByStaffText(body.resolution)}`,
          }),
        );
    }
    await insertAudit(tx, { ...audit, action: outcome === 'resolved' ? 'resolve_case' : 'dismiss_case' });
    const what = `a ${reportTargetText[row.targetKind]}`;
    for (const reporterId of await findReporterIds(tx, id))
      told.push(
        await createNotification({ db: tx }, null, {
          userId: reporterId,
          type: 'system_notification',
          message: rm.reporterTold(what, outcome, body.resolution),
        }),
      );
    return told.map((n) => n.push);
  });
  for (const push of pushes) push(ctx);
  if (hide && reviewPeople) await reviewHidden(ctx, staff, reviewPeople);
  else if (hide) await HIDERS[row.targetKind]!.after(ctx, staff);
  if (relabel) await authorChanged(ctx, null);
  return {
    message: hide ? rm.hidden : relabel ? rm.relabelled : outcome === 'resolved' ? rm.resolved : rm.dismissed,
    case: await detail(ctx, staff, id),
  };
}
