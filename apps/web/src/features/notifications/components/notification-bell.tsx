/** The header bell with the unread count (issue #3); rendered only for signed-in users. */
export function NotificationBell() {
  return null;
}
