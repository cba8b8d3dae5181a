import {
  CASE_NOTE_MAX,
  MODERATION_REASON_MAX,
  REPORT_COMMENT_MAX,
  RESOLUTION_MAX,
  SUSPENSION_DAYS_MAX,
  SUSPENSION_DAYS_MIN,
  type ReportReason,
  type ReportTarget,
} from './constants.ts';

/** The long form of a date an account's suspension ends on, the same on both sides ("4 December 2026"). */
export const suspensionEndText = (until: Date | string) =>
  new Date(until).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What staff actions and their refusals say. */
export const moderationMessages = {
  daysRange: `A suspension lasts a whole number of days from ${SUSPENSION_DAYS_MIN} to ${SUSPENSION_DAYS_MAX}.`,
  badCharacters: 'This text contains direction marks, which cannot be stored. Please remove them.',
  reasonRequired: 'Say why: the user reads it when they try to sign in.',
  reasonTooLong: `The reason is at most ${MODERATION_REASON_MAX} characters.`,
  warningRequired: 'Write the warning the user will read.',
  userNotFound: 'No user with this login.',
  notRestricted: 'This account is neither suspended nor banned.',
  notYourself: 'Staff cannot act on their own account.',
  accountDeleted: 'This account is deleted: there is nothing left to act on.',
  staffOnlyByAdmin: 'Only an admin can suspend or ban a moderator or an admin.',
  lastAdmin: 'This is the last admin: grant the role to someone else first.',
  suspended: 'The account is suspended.',
  banned: 'The account is banned.',
  lifted: 'The suspension is lifted.',
  warned: 'The warning is sent.',
  sessionsEnded: 'Every session of this account has ended.',
  /** Sign-in of a suspended account; the same words reach an open browser when it happens. */
  signInSuspended: (until: Date | string, reason: string) =>
    `Your account is suspended until ${suspensionEndText(until)}. Reason: ${reason}`,
  signInBanned: (reason: string) => `Your account is banned. Reason: ${reason}`,
} as const;

/** A report's reason in words (the report dialog and the staff queue). */
export const reportReasonText: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  stolen_art: 'Stolen art',
  unlabeled_ai: 'Unlabeled AI',
  wrong_maturity: 'Wrong maturity label',
  illegal: 'Illegal content',
  other: 'Something else',
};

/** What is reported, in words ("this post"). */
export const reportTargetText: Record<ReportTarget, string> = {
  post: 'post',
  profile: 'profile',
  card: 'commission card',
  request: 'request',
  image: 'gallery image',
  tag: 'tag',
  message: 'message',
  review: 'review',
};

export const reportMessages = {
  reasonRequired: 'Choose why you are reporting this.',
  commentTooLong: `The comment is at most ${REPORT_COMMENT_MAX} characters.`,
  otherNeedsComment: 'Say what is wrong: “Something else” needs a comment.',
  targetNotFound: 'There is nothing to report here: it was removed, or you cannot see it.',
  ownContent: 'You cannot report your own content.',
  alreadyReported: 'You already reported this; staff will look at it.',
  sent: 'Thank you: your report is sent to the staff. You will be told when it is resolved.',
  noteRequired: 'Write the note.',
  noteTooLong: `A note is at most ${CASE_NOTE_MAX} characters.`,
  resolutionRequired: 'Say what was done: the reporters read it.',
  resolutionTooLong: `The resolution is at most ${RESOLUTION_MAX} characters.`,
  caseNotFound: 'No such case.',
  caseClosed: 'This case is already resolved or dismissed.',
  cannotHide: 'This kind of content cannot be hidden: act on its owner instead.',
  cannotRelabel: 'Only a post has a maturity label to change.',
  maturityRequired: 'Choose the maturity label: sfw, questionable or nsfw',
  sameMaturity: 'The post already has this maturity label.',
  relabelled: 'The label is changed and the reporters are told.',
  /** What the owner is told when staff change their post's maturity label. */
  relabelledTold: (maturity: string, reason: string) =>
    `Staff changed your post's maturity label to ${maturity}: ${reason}`,
  hidden: 'The content is hidden.',
  resolved: 'The case is resolved and the reporters are told.',
  dismissed: 'The case is dismissed and the reporters are told.',
  /** What the reporter is told when the case ends. */
  reporterTold: (what: string, outcome: 'resolved' | 'dismissed', resolution: string) =>
    outcome === 'resolved'
      ? `Your report about ${what} was resolved: ${resolution}`
      : `Your report about ${what} was reviewed; no action was taken: ${resolution}`,
} as const;

/** What the owner of hidden content sees beside it. */
export const hiddenByStaffText = (reason: string) => `Hidden by staff: ${reason}`;
