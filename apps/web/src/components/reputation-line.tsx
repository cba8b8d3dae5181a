import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toPath } from '@brushline/shared/paths';
import { RELIABILITY_MIN_ORDERS } from '@brushline/shared/reviews/constants';
import { ratingText } from '@brushline/shared/reviews/messages';
import type { Reputation } from '@brushline/shared/reviews/schemas';
import { RatingStars } from './rating-stars.tsx';

/** "Usually answers within 5 hours" from a median in hours: up to the hour, in days from 2 days on. */
export function answerTimeText(hours: number): string {
  if (hours <= 1) return 'Usually answers within an hour';
  if (hours < 48) return `Usually answers within ${Math.ceil(hours)} hours`;
  return `Usually answers within ${Math.ceil(hours / 24)} days`;
}

/**
 * An artist's record where buyers decide (decision 0023): the average with a link to the
 * reviews, orders completed, and the reliability figures the server measured (null ones are left
 * out, never guessed). Nothing at all for a newcomer with no rating and few orders.
 */
export function ReputationLine({ login, record }: { login: string; record: Reputation['asArtist'] }) {
  const { rating, ordersDone, onTimeShare, medianAnswerHours } = record;
  if (!rating && ordersDone < RELIABILITY_MIN_ORDERS) return null;
  return (
    // Short items that wrap whole on a phone; a <ul> may hold only <li>s (axe list).
    <Group
      component="ul"
      aria-label="Record as an artist"
      gap={4}
      p={0}
      m={0}
      style={{ listStyle: 'none', columnGap: 'var(--mantine-spacing-md)' }}
    >
      {rating && (
        <li>
          <Anchor component={Link} to={toPath('profileReviews', { login })} size="sm">
            <RatingStars rating={rating}>
              {ratingText(rating.average)} · {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
            </RatingStars>
          </Anchor>
        </li>
      )}
      <Text component="li" size="sm" c="dimmed">
        {ordersDone} {ordersDone === 1 ? 'order' : 'orders'} completed
      </Text>
      {onTimeShare !== null && (
        <Text component="li" size="sm" c="dimmed">
          {Math.round(onTimeShare * 100)}% delivered on time
        </Text>
      )}
      {medianAnswerHours !== null && (
        <Text component="li" size="sm" c="dimmed">
          {answerTimeText(medianAnswerHours)}
        </Text>
      )}
    </Group>
  );
}
