import {
  REVIEW_ANSWER_MAX,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
} from './constants.ts';

/** What review forms and refusals say (the same words on both sides). */
export const reviewMessages = {
  starsRange: `Choose from ${REVIEW_STARS_MIN} to ${REVIEW_STARS_MAX} stars.`,
  textTooLong: `A review is at most ${REVIEW_TEXT_MAX} characters.`,
  answerRequired: 'Write your answer.',
  answerTooLong: `An answer is at most ${REVIEW_ANSWER_MAX} characters.`,
  badCharacters: 'This text contains direction marks, which cannot be stored. Please remove them.',
  notDone: 'You can review once the order is done.',
  windowClosed: `Reviews close ${REVIEW_WINDOW_DAYS} days after the order is done.`,
  alreadyReviewed: 'You have already reviewed this order.',
  alreadyAnswered: 'You have already answered this review.',
  notYourself: 'You cannot review yourself.',
  reviewNotFound: 'No such review.',
  hiddenNoAnswer: 'Staff hid this review, so it cannot be answered.',
  saved: 'Thank you: your review is published.',
  answered: 'Your answer is published.',
  badSide: 'Choose reviews as an artist or as a buyer.',
  /** The notification the reviewed person gets (it opens the order, where they may answer). */
  reviewedYou: (login: string, cardTitle: string, stars: number) =>
    `${login} reviewed you for “${cardTitle}”: ${stars} of ${REVIEW_STARS_MAX} stars. Open the order to read it and answer.`,
  badCursor: 'This page link is out of date: open the reviews again.',
} as const;

/** "4.7" — one decimal, the way every screen shows an average. */
export const ratingText = (average: number) => average.toFixed(1);
/** "4.7 ★ (12 reviews)" */
export const ratingSummaryText = (average: number, count: number) =>
  `${ratingText(average)} ★ (${count} ${count === 1 ? 'review' : 'reviews'})`;
