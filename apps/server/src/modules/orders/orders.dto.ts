import { fromCents } from '@brushline/shared/cards/pricing';
import type { Media } from '@brushline/shared/media/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { toPerson } from '../users/users.dto.ts';
import type { FormRow } from './orders.repo.ts';

/** SPEC §3 Sent commission form with its task; prices go back from cents to USD here. */
export function toSentForm(row: FormRow, references: Media[]): SentForm {
  return {
    id: row.id,
    cardUUID: row.cardUuid,
    cardTitle: row.cardTitle,
    description: row.description,
    terms: row.terms,
    references,
    totalPrice: fromCents(row.totalPriceCents),
    revisionsIncluded: row.revisionsIncluded,
    senderId: row.senderId,
    sender: toPerson({
      id: row.senderId,
      login: row.senderLogin,
      displayName: row.senderDisplayName,
      avatarId: row.senderAvatarId,
    }),
    artist: toPerson({
      id: row.artistId,
      login: row.artistLogin,
      displayName: row.artistDisplayName,
      avatarId: row.artistAvatarId,
    }),
    isRead: row.isRead,
    waitlist: row.waitlist,
    showInQueue: row.showInQueue,
    type: row.type,
    status: row.taskStatus,
    sendComissionCardOptions: row.chosen.map((s) => ({
      title: s.title,
      options: s.options.map((o) => ({ key: o.key, option: o.option, price: fromCents(o.priceCents) })),
    })),
    task: {
      id: row.taskId,
      status: row.taskStatus,
      type: row.taskType,
      comment: row.taskComment,
      revision: row.taskRevisionsUsed,
      declineReason: row.taskDeclineReason,
      updatedAt: row.taskUpdatedAt.toISOString(),
    },
    createdAt: row.createdAt.toISOString(),
  };
}
