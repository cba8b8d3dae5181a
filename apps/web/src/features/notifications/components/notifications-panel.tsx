/** The feed's notifications panel for subscribers (SPEC §2), filled in by the notifications work. */
export function NotificationsPanel() {
  return null;
}
