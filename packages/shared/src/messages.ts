import { LOGIN_MAX, LOGIN_MIN, PASSWORD_MAX, PASSWORD_MIN_STATED } from './auth/constants.ts';
import { MAX_IMAGE_MEGAPIXELS } from './media/constants.ts';

/**
 * The error catalogue (SPEC §5 and §8). Spelling is the spec's, typos included: users and
 * tests read these exact strings, so both the server and the web app import them from here.
 */
export const messages = {
  loginInvalid: `Please enter correct display name with at least ${LOGIN_MIN} characters [A-z0-9]`,
  loginTooLong: `Display name is only ${LOGIN_MAX} characters long`,
  emailInvalid: 'Please enter correct email',
  passwordTooShort: `Please enter at least ${PASSWORD_MIN_STATED} characters to the password`,
  passwordTooLong: `Please enter less than ${PASSWORD_MAX} characters to the password`,
  passwordsDiffer: 'Passwords are not the same',
  policyRequired: 'Please agree with our policies and TOS',

  userExists: 'User with this login or email already exists',
  verifyFailed: "Couldn't verify your code",
  loginFailed: 'Wrong login or password',

  resetSendFailed: 'Unable to send code to this email',
  resetCodeNotFound: 'Unable to find that code',
  resetTokenNotFound: 'Unable to find that reset token',
  passwordUpdated: 'Password was successfully updated!',

  settingsUpdated: 'Settings updated!',

  postDeleted: 'Post deleted!',
  postDeleteFailed: "Couldn't delete post.",

  socialInvalidLink: 'Enter a valid link',
  socialUpdated: 'Social updated',
  socialCreated: 'Social created',
  socialUpdateFailed: "Couldn't update social",
  socialCreateFailed: "Couldn't create social",

  cardCreated: 'Card created!',
  cardCreateFailed: "Couldn't send form!",
  cardSaved: 'Changes saved',
  cardSaveFailed: 'Error',
  cardDeleted: 'Card deleted!',
  cardDeleteFailed: "Couldn't delete current card",

  formSent: 'Request sent!',
  formHubFailed: 'Please refresh your page.',
  formSendFailed: "Couldn't send form! You might be trying to comission yourself.",
  formDeclined: 'Current request was declined!',
  formDeclineFailed: "Couldn't decline current request",
  buyerCanceled: 'Moved to canceled comissions',
  buyerCancelFailed: "Couln't move",

  comissionMissing: 'Comission does not exist',
  comissionClosed: 'Comission is closed',
  nothingNew: 'There is nothing new yet..',

  tagExists: 'Tag already exists',
  tagCreated: 'Tag created!',
  tagCreateFailed: 'Something went wrong while creating new tag!',
  tagUpdated: 'Tag updated!',
  tagUpdateFailed: 'Something went wrong while editing tag!',
  displayCardUpdated: 'Display card updated!',
  displayCardUpdateFailed: "Couldn't update display card!",
  displayCardCreateFailed: "Couldn't create display card!",
  requestSaved: 'Request is saved!',
  requestSaveFailed: "Couldn't save the request!",
  requestDeleted: 'Request is deleted!',
  requestDeleteFailed: "Couldn't delete the request!",
  requestCreated: 'Request is created!',
  requestCreateFailed: "Couldn't crete the request!",
  noRequests: 'There is no avaliable requests yet!',
  applicationAnswered: 'Applience was fullfilled',
  applicationAnswerFailed: "Couldn't perform the action",
  applicationSent: 'Request sent!',
  applicationLiveFailed: "Couldn't send update request. Don't worry",
  chatSendFailed: "Couldn't send the message refresh this page",
  chatReadFailed: "Couldn't read the message, refresh the page.",
  chatNotChosen: 'Choose chat to start communicating!',
  chatNoMessages: 'No messages yet...',

  // Platform messages (not in the spec; written so the user knows what to do next).
  unauthorized: 'Please sign in to continue',
  notFound: 'Not found',
  postMissing: 'This post does not exist or is not shown to you',
  foreignOrigin: 'This request came from another site and was refused',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment',
  serverError: 'Something went wrong on our side. Please try again',
  invalidInput: 'Please check the form and try again',
  notAnImage: 'This file is not an image we can read. Use JPEG, PNG, WebP or GIF',
  imageTooLarge: `This image has too many pixels. Please use one under ${MAX_IMAGE_MEGAPIXELS} megapixels`,
  forbidden: 'You are not allowed to do that',
  conflict: 'This was changed meanwhile. Refresh the page and try again',
} as const;

export type MessageKey = keyof typeof messages;

/** "45 seconds", "1 minute", "3 minutes", "2 hours": a wait rounded up to a unit a person reads. */
export function waitDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 60 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** The 429 answer of every rate limit, saying how long to wait (the Retry-After header, in words). */
export const tooManyRequestsMessage = (retryAfterSeconds: number) =>
  `Too many attempts in a short time. Please wait ${waitDuration(retryAfterSeconds)} and try again`;

/**
 * The sign-in answer once wrong passwords from other places have used up the account's limit for
 * browsers it does not know (LOGIN_LIMITS.account in auth/constants.ts). The owner's browsers keep
 * signing in (their device cookie), and so does a browser that completes a password reset by e-mail.
 */
export const loginLockedMessage = (retryAfterSeconds: number) =>
  `Too many wrong passwords were tried for this account from other places, so for ${waitDuration(retryAfterSeconds)} ` +
  'it only lets in browsers it already knows. To sign in here now, reset your password by e-mail: ' +
  'the browser you reset it in can sign in at once';

/** Every API error has this shape (ARCHITECTURE habit 4). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
