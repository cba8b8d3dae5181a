import { EXPORT_INTERVAL_HOURS, EXPORT_LINK_DAYS } from './constants.ts';

/** The long form of a moment in UTC, the same on both sides ("4 December 2026, 14:05 UTC"). */
export const exportTimeText = (at: Date | string) =>
  `${new Date(at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;

/** What the data export and the account deletion say, on both sides. */
export const accountMessages = {
  exportStarted: `We are preparing your data. We will e-mail you a download link that works for ${EXPORT_LINK_DAYS} days.`,
  exportStartedForUser: `The export is being prepared. The user gets a download link by e-mail that works for ${EXPORT_LINK_DAYS} days.`,
  exportTooSoon: (next: Date | string) =>
    `You can ask for one export every ${EXPORT_INTERVAL_HOURS} hours. You can ask again after ${exportTimeText(next)}.`,
  exportPreparing: 'An export is already being prepared. We will e-mail you when it is ready.',
  exportNotFound: 'This download link is not valid. Ask for a new export in Settings.',
  exportExpired: `This download link has expired: links work for ${EXPORT_LINK_DAYS} days. Ask for a new export in Settings.`,
  wrongPassword: 'The password is not right. Nothing was deleted.',
  loginMismatch: 'Type your login exactly as it is shown to confirm.',
  passwordRequired: 'Enter your password to confirm.',
  deleted: 'Your account is deleted. Thank you for having been here.',
  deletedByStaff: 'The account is deleted.',
  lastAdmin: 'You are the last admin: give the admin role to someone else before deleting this account.',
  alreadyDeleted: 'This account is already deleted.',
  /** Orders and money that must be finished first, named one per line. */
  moneyInFlight: (items: readonly string[]) =>
    `This account still has orders or money in progress. Finish them first (complete, cancel or refund), then delete the account:\n${items.map((i) => `• ${i}`).join('\n')}`,
} as const;
