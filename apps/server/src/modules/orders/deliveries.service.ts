import { orderMessages, revisionText } from '@brushline/shared/orders/messages';
import type {
  DeliverBody,
  DeliveryFile,
  DeliveryFileVariant,
  OrderPage,
  SentForm,
  WipBody,
  WipComment,
} from '@brushline/shared/orders/schemas';
import { nextStatus } from '@brushline/shared/orders/status-machine';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { openStoredMedia, type MediaFile } from '../media/media.open.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { assertRoomForUpdate } from './deliveries.rules.ts';
import { deliveryFileName, toDeliveryFile, toOrderUpdate, toWipComment } from './deliveries.dto.ts';
import { findWipCommentRows } from './wip-feedback.repo.ts';
import { findOrderFile, findUpdateFileRows, findUpdateRows, insertUpdate } from './deliveries.repo.ts';
import {
  byFormId,
  byTaskId,
  findFormRows,
  findOrderDueAt,
  lockTaskAt,
  markDelivered,
  moveTaskStatus,
} from './orders.repo.ts';
import { announceStatusMove } from './orders.events.ts';
import { formNotFound, presentForm, readForm, sideOf } from './orders.service.ts';

const illegal = (message: string = orderMessages.illegalTransition) =>
  new AppError(409, 'illegal_transition', message);

/**
 * The order page: the form and every delivery, work in progress and send-back, for its two
 * sides only (anyone else: 404, like a missing order). The artist opening it marks it read.
 */
export async function getOrderPage(ctx: Pick<Deps, 'db'>, actor: Actor, formId: number): Promise<OrderPage> {
  const form = await readForm(ctx, actor, formId);
  const rows = await findUpdateRows(ctx.db, formId);
  const files = await findUpdateFileRows(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byUpdate = new Map<number, DeliveryFile[]>();
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  for (const f of files) {
    const list = byUpdate.get(f.updateId) ?? [];
    list.push(
      toDeliveryFile(
        { id: formId, cardTitle: form.cardTitle },
        kindOf.get(f.updateId)!,
        f.updateId,
        f.position,
        f.media,
      ),
    );
    byUpdate.set(f.updateId, list);
  }
  const comments = new Map<number, WipComment[]>();
  for (const c of await findWipCommentRows(
    ctx.db,
    rows.filter((r) => r.kind === 'wip').map((r) => r.id),
  )) {
    comments.set(c.updateId, [...(comments.get(c.updateId) ?? []), toWipComment(c)]);
  }
  const due = await findOrderDueAt(ctx.db, formId);
  return {
    form,
    updates: rows.map((r) => toOrderUpdate(r, byUpdate.get(r.id) ?? [], comments.get(r.id))),
    deadline: due?.toISOString() ?? null,
  };
}

/**
 * One delivered file's bytes, for the two sides of the order it was delivered in. Anyone else,
 * an id that is not a file of this order, and a missing order all answer the same 404.
 */
export async function openOrderFile(
  ctx: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  input: { formId: number; mediaId: string; variant: DeliveryFileVariant },
): Promise<MediaFile & { fileName: string }> {
  const [form] = await findFormRows(ctx.db, byFormId(input.formId));
  if (!form) throw formNotFound();
  sideOf(form, actor);
  const file = await findOrderFile(ctx.db, input.formId, input.mediaId);
  if (!file) throw notFound();
  const bytes = await openStoredMedia(ctx, file.media, input.variant === 'miniature' ? 'miniature' : 'full');
  return {
    ...bytes,
    fileName: deliveryFileName(form.cardTitle, file.kind, file.updateId, file.position, file.media.mime),
  };
}

const filesText = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/**
 * The artist delivers the finished work: processing → finished with one or more of their own
 * delivery uploads and a note, in one transaction with the commissioner's notification (type
 * commission_delivery, mailed as a delivery). The move is the same conditional UPDATE as every
 * other, so a delivery racing another move either wins whole or leaves nothing behind.
 */
export async function deliverWork(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events'>,
  actor: Actor,
  input: { taskId: number } & DeliverBody,
): Promise<SentForm> {
  const [row] = await findFormRows(ctx.db, byTaskId(input.taskId));
  if (!row) throw formNotFound();
  const side = sideOf(row, actor);
  const to = nextStatus(row.taskStatus, 'deliver', side);
  if (!to) throw illegal();
  const push = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    await assertOwnMedia({ db: tx }, actor, input.files, ['delivery']);
    await assertRoomForUpdate({ db: tx }, row.id);
    const moved = await moveTaskStatus(tx, row.taskId, row.taskStatus, to);
    if (!moved) throw illegal();
    await markDelivered(tx, row.id);
    await emit('orderMoved', {
      formId: row.id,
      artistId: row.artistId,
      buyerId: row.senderId,
      actorId: actor.id,
      action: 'deliver',
      from: row.taskStatus,
      to,
    });
    await insertUpdate(
      tx,
      {
        formId: row.id,
        authorId: actor.id,
        kind: 'delivery',
        message: input.message,
        revision: moved.revisionsUsed,
      },
      input.files,
    );
    const again =
      moved.revisionsUsed > 0 ? ` again (${revisionText(moved.revisionsUsed, row.revisionsIncluded)})` : '';
    const created = await createNotification({ db: tx }, actor, {
      userId: row.senderId,
      type: 'commission_delivery',
      message: `${actor.login} delivered “${row.cardTitle}”${again}: ${filesText(input.files.length)}. Approve it or send it back`,
      formId: row.id,
    });
    return created.push;
  });
  push(ctx);
  await announceStatusMove(ctx, row, to);
  const [fresh] = await findFormRows(ctx.db, byFormId(row.id));
  return presentForm(ctx, fresh!);
}

/**
 * The artist shares work in progress (a sketch for approval) while the task is in progress. Not
 * a move: the status stays; the task row is locked meanwhile so it cannot leave processing
 * between the check and the insert. The commissioner is notified as for a delivery.
 */
export async function shareWip(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Actor,
  input: { taskId: number } & WipBody,
): Promise<OrderPage> {
  const [row] = await findFormRows(ctx.db, byTaskId(input.taskId));
  if (!row) throw formNotFound();
  if (sideOf(row, actor) !== 'artist' || row.taskStatus !== 'processing') {
    throw illegal(orderMessages.wipOnlyInProgress);
  }
  const push = await ctx.db.transaction(async (tx) => {
    await assertOwnMedia({ db: tx }, actor, input.files, ['delivery']);
    const task = await lockTaskAt(tx, row.taskId, 'processing');
    if (!task) throw illegal(orderMessages.wipOnlyInProgress);
    await assertRoomForUpdate({ db: tx }, row.id);
    await insertUpdate(
      tx,
      {
        formId: row.id,
        authorId: actor.id,
        kind: 'wip',
        message: input.message,
        revision: task.revisionsUsed,
      },
      input.files,
    );
    const created = await createNotification({ db: tx }, actor, {
      userId: row.senderId,
      type: 'commission_delivery',
      message: `${actor.login} shared work in progress on “${row.cardTitle}”: ${filesText(input.files.length)}`,
      formId: row.id,
    });
    return created.push;
  });
  push(ctx);
  return getOrderPage(ctx, actor, row.id);
}
