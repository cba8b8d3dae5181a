import { DISPLAY_NAME_MAX, SOCIAL_LINKS_MAX, SOCIAL_TITLE_MAX, SOCIAL_URL_MAX } from './constants.ts';

/** Profile and social link messages that SPEC §8 does not word; the SPEC's own stay in ../messages.ts. */
/** A missing user, and anyone's private data that is not the actor's (ARCHITECTURE habit 3). */
export const userNotFound = 'User not found';
export const socialTitleEmpty = 'Please give the link a title';
export const socialTitleTooLong = `The title is limited to ${SOCIAL_TITLE_MAX} characters`;
export const socialUrlTooLong = `The link is limited to ${SOCIAL_URL_MAX} characters`;
export const socialTitleBadCharacters = 'The title cannot contain control or text-direction characters';
export const socialTooMany = `You can connect up to ${SOCIAL_LINKS_MAX} social links. Delete one to add another`;
export const socialDeleted = 'Social deleted';
export const socialDeleteFailed = "Couldn't delete social";

export const displayNameEmpty = 'Please enter a display name';
export const displayNameTooLong = `The display name is limited to ${DISPLAY_NAME_MAX} characters`;
export const displayNameBadCharacters =
  'The display name cannot contain control or text-direction characters';
