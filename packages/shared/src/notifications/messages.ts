import { SYSTEM_MESSAGE_MAX } from './constants.ts';

/** Notification messages that SPEC §8 does not word; the SPEC's own stay in ../messages.ts. */
export const notificationMessages = {
  loginRequired: 'Please enter the login',
  messageRequired: 'Please write a message',
  messageTooLong: `The message is at most ${SYSTEM_MESSAGE_MAX} characters long`,
  notFound: 'Notification not found',
} as const;
