import { FORM_DESCRIPTION_MAX, REFERENCES_MAX } from './constants.ts';

/** Commission form and task messages that SPEC §8 does not word; the SPEC's own stay in ../messages.ts. */
export const orderMessages = {
  descriptionRequired: 'This artist asks for a description: say what you would like drawn',
  descriptionTooLong: `The description is limited to ${FORM_DESCRIPTION_MAX} characters`,
  tooManyReferences: `You can attach up to ${REFERENCES_MAX} references`,
  duplicateReference: 'The same reference is attached twice. Remove one of them',
  totalInvalid: 'The total price is not a valid amount',
  commentRequired: 'Tell the artist what to change',
  commentTooLong: `The comment is limited to ${FORM_DESCRIPTION_MAX} characters`,
  formNotFound: 'This commission request does not exist',
  illegalTransition: 'This commission cannot make that move now. Refresh the page to see its status',
} as const;
