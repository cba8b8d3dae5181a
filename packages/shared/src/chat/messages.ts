import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_TEXT_MAX } from './constants.ts';

/** Chat messages SPEC §8 does not word; its own (send and read failures, empty states) are in ../messages.ts. */
export const chatMessages = {
  empty: 'Write a message or attach a picture',
  textTooLong: `A message is at most ${CHAT_MESSAGE_TEXT_MAX} characters long`,
  badCharacters: 'This message contains text-direction control characters. Please remove them',
  tooManyAttachments: `Attach at most ${CHAT_ATTACHMENTS_MAX} pictures to one message`,
  duplicateAttachments: 'The same picture is attached twice',
  clientIdInvalid: 'Must be a message id made by the client (a UUID)',
  roomNotFound: 'This chat does not exist or is not yours',
  userNotFound: 'There is no user with this login',
  selfChat: "You can't open a chat with yourself",
  selfBlock: "You can't block yourself",
  openFailed: "Couldn't open the chat",
  clientIdReused: 'This message id was already used for another chat',
  blockedByYou: 'You blocked this user. Unblock them to write here',
  blocked: (login: string) => `You blocked ${login}. They can't write to you and you can't write to them`,
  unblocked: (login: string) => `You unblocked ${login}`,
  noWorkingChat:
    'There is no working chat with this user yet. It starts when an order between you is accepted',
  notificationText: (who: string) => `${who} wrote to you in a chat`,
  /** A hub call's `login` (SPEC §7) is the caller's own; the hub never acts as the login named. */
  loginMismatch: (named: string, signedIn: string) =>
    `This call names the login “${named}”, but you are signed in as “${signedIn}”. Send your own login or leave it out`,
} as const;
