import { fromCents } from '@brushline/shared/cards/pricing';
import type { Media } from '@brushline/shared/media/schemas';
import type { OrderPerson, SentForm } from '@brushline/shared/orders/schemas';
import { mediaUrl } from '../media/media.urls.ts';
import type { FormRow } from './orders.repo.ts';

export function toPerson(
  id: string,
  login: string,
  displayName: string,
  avatarId: string | null,
): OrderPerson {
  return { id, login, displayName, avatarMiniatureUrl: avatarId ? mediaUrl(avatarId, 'miniature') : null };
}

/** SPEC §3 Sent commission form with its task; prices go back from cents to USD here. */
export function toSentForm(row: FormRow, references: Media[]): SentForm {
  return {
    id: row.id,
    cardUUID: row.cardUuid,
    cardTitle: row.cardTitle,
    description: row.description,
    references,
    totalPrice: fromCents(row.totalPriceCents),
    senderId: row.senderId,
    sender: toPerson(row.senderId, row.senderLogin, row.senderDisplayName, row.senderAvatarId),
    artist: toPerson(row.artistId, row.artistLogin, row.artistDisplayName, row.artistAvatarId),
    isRead: row.isRead,
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
      updatedAt: row.taskUpdatedAt.toISOString(),
    },
    createdAt: row.createdAt.toISOString(),
  };
}
