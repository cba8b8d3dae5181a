import { POST_MEDIA_MAX, POST_TEXT_MAX } from './constants.ts';

/** Post creator messages that SPEC §8 does not word; the SPEC's own stay in ../messages.ts. */
export const postTextTooLong = `Post text is limited to ${POST_TEXT_MAX} characters`;
export const postTooManyMedia = `A post can have up to ${POST_MEDIA_MAX} images`;
/** Text-direction overrides could make a price or a name read differently than it is stored. */
export const postTextBadCharacters = 'Post text cannot contain text-direction control characters';
export const postEmpty = 'Write something or attach an image';
export const postDuplicateMedia = 'Each image can be attached to a post only once';
