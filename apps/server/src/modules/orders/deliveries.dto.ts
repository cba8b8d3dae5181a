import type { OrderUpdateKind } from '@brushline/shared/orders/constants';
import type {
  DeliveryFile,
  DeliveryFileVariant,
  OrderUpdate,
  WipComment,
} from '@brushline/shared/orders/schemas';
import type { MediaRow } from '../media/media.dto.ts';
import { toPerson } from '../users/users.dto.ts';
import type { UpdateRow } from './deliveries.repo.ts';
import type { FormRow } from './orders.repo.ts';
import type { WipCommentRow } from './wip-feedback.repo.ts';

const EXT_OF_MIME: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** "portrait-of-my-cat" from a card title; "commission" when nothing is left. */
function slug(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'commission';
}

/** The name a download is saved under: card title, what it was, which update and which file. */
export function deliveryFileName(
  cardTitle: string,
  kind: OrderUpdateKind,
  updateId: number,
  position: number,
  mime: string,
): string {
  const what = kind === 'wip' ? 'wip' : 'delivery';
  return `${slug(cardTitle)}-${what}-${updateId}-${position + 1}.${EXT_OF_MIME[mime] ?? 'img'}`;
}

const fileUrl = (formId: number, mediaId: string, variant: DeliveryFileVariant) =>
  `/api/order/${formId}/files/${mediaId}/${variant}`;

export function toDeliveryFile(
  form: Pick<FormRow, 'id' | 'cardTitle'>,
  kind: OrderUpdateKind,
  updateId: number,
  position: number,
  m: MediaRow,
): DeliveryFile {
  return {
    id: m.id,
    width: m.width,
    height: m.height,
    mime: m.mime,
    url: fileUrl(form.id, m.id, 'full'),
    miniatureUrl: fileUrl(form.id, m.id, 'miniature'),
    downloadUrl: fileUrl(form.id, m.id, 'download'),
    fileName: deliveryFileName(form.cardTitle, kind, updateId, position, m.mime),
  };
}

export function toWipComment(row: WipCommentRow): WipComment {
  return {
    id: row.id,
    message: row.message,
    author: toPerson({
      id: row.authorId,
      login: row.authorLogin,
      displayName: row.authorDisplayName,
      avatarId: row.authorAvatarId,
    }),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOrderUpdate(
  row: UpdateRow,
  files: DeliveryFile[],
  comments: WipComment[] = [],
): OrderUpdate {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    files,
    revision: row.revision,
    author: toPerson({
      id: row.authorId,
      login: row.authorLogin,
      displayName: row.authorDisplayName,
      avatarId: row.authorAvatarId,
    }),
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    comments,
  };
}
