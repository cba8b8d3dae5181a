import {
  DECLINE_REASON_MAX,
  DELIVERY_FILES_MAX,
  DELIVERY_MESSAGE_MAX,
  FORM_DESCRIPTION_MAX,
  ORDER_UPDATES_MAX,
  REFERENCES_MAX,
  WIP_COMMENT_MAX,
  WIP_COMMENTS_MAX,
} from './constants.ts';

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
  deliveryNeedsFiles: 'Attach at least one file of the finished work',
  wipNeedsFiles: 'Attach at least one picture of the work in progress',
  tooManyDeliveryFiles: `You can attach up to ${DELIVERY_FILES_MAX} files at once`,
  duplicateDeliveryFile: 'The same file is attached twice. Remove one of them',
  deliveryMessageTooLong: `The message is limited to ${DELIVERY_MESSAGE_MAX} characters`,
  declineReasonTooLong: `The reason is limited to ${DECLINE_REASON_MAX} characters`,
  wipOnlyInProgress:
    'Work in progress can be shared only while the commission is in progress. Refresh the page to see its status',
  tooManyUpdates: `This order already has ${ORDER_UPDATES_MAX} updates, the most one order can hold`,
  illegalTransition: 'This commission cannot make that move now. Refresh the page to see its status',
  updateNotFound: 'This update is not part of this order',
  onlyBuyerAnswersWip: 'Only the commissioner answers a work in progress',
  notWip: 'Only a work in progress is answered here: approve a delivery or send it back',
  wipFeedbackOnlyInProgress:
    'A work in progress can be answered only while the commission is in progress. Refresh the page to see its status',
  wipCommentRequired: 'Write what you think of this work in progress',
  wipCommentTooLong: `The comment is limited to ${WIP_COMMENT_MAX} characters`,
  tooManyWipComments: `This work in progress already has ${WIP_COMMENTS_MAX} comments, the most one can hold: write in your working chat`,
  wipLooksGood: 'The artist is told it looks good',
  wipCommentSent: 'Comment sent: the artist gets it as a notification and in your working chat',
} as const;

/** "revision 2 of 3", or "revision 4 (3 included)" once the included ones are used up. */
export function revisionText(revision: number, included: number | null): string {
  if (included === null) return `revision ${revision}`;
  return revision <= included
    ? `revision ${revision} of ${included}`
    : `revision ${revision} (${included} included)`;
}

/** Whether this send-back goes beyond the revisions the card included. */
export const isBeyondIncluded = (revision: number, included: number | null) =>
  included !== null && revision > included;
