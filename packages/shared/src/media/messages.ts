import {
  BYTES_PER_MB,
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_MEGAPIXELS,
  type MediaPurpose,
} from './constants.ts';

/** The 413 answer to an upload over the uploader's tier limit, naming that limit. */
export function uploadTooLargeMessage(limitBytes: number): string {
  return `This file is larger than ${Math.round(limitBytes / BYTES_PER_MB)} MB, the upload limit of your account`;
}

export const tooManyFramesMessage = `This animation has too many frames. Please use one with at most ${MAX_ANIMATION_FRAMES} frames`;

/** An animation whose frames together are over the CPU budget: fewer or smaller frames fit. */
export const animationTooLargeMessage = `This animation is too large to process: its frames together have more than ${MAX_ANIMATION_MEGAPIXELS} megapixels. Please use fewer frames or a smaller size`;

const purposeNames: Record<MediaPurpose, string> = {
  post: 'a post',
  avatar: 'an avatar',
  banner: 'a profile banner',
  cardBanner: 'a card banner',
  cardThumbnail: 'a card thumbnail',
  reference: 'a reference',
  delivery: 'a delivery',
  chat: 'a chat picture',
  gallery: 'a gallery image',
};

/** Media attached where it does not fit (e.g. an avatar as a card banner): upload it again for this use. */
export function wrongMediaPurposeMessage(expected: readonly MediaPurpose[]): string {
  const names = expected.map((p) => purposeNames[p]).join(' or ');
  return `This image was uploaded for another use. Please upload it again as ${names}`;
}

/** A POST /api/media without an image in the `file` field of a multipart/form-data body. */
export const noFileMessage = 'Please choose an image to upload';
