import type { Notification } from '@brushline/shared/notifications/schemas';
import { paths, toPath } from '@brushline/shared/paths';

/**
 * Where clicking a notification takes its reader, or null when it is about nothing to open
 * (a system message). A post (a like) opens the post's own page. A commission form opens the
 * artist's incoming list, or the buyer's outgoing orders: a new form is always the artist's news;
 * a status change reaches whichever side did not make it, so the reader's artist role decides.
 */
export function notificationTarget(n: Notification): string | null {
  if (n.changedPost) return toPath('post', { id: n.changedPost.id });
  if (n.type === 'commission_request_status') return paths.crmIncoming;
  if (n.sentCard) return toPath('order', { id: n.sentCard.id });
  if (n.type === 'approval_request_status') return paths.crmRequestsTracking;
  return null;
}
