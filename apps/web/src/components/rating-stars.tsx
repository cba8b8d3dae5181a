import { Group, Rating as Stars, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { REVIEW_STARS_MAX } from '@brushline/shared/reviews/constants';
import { ratingText } from '@brushline/shared/reviews/messages';
import type { Rating } from '@brushline/shared/reviews/schemas';

/** "Rated 4.7 of 5 from 12 reviews": what a screen reader hears for an average. */
export const ratingLabel = ({ average, count }: Rating) =>
  `Rated ${ratingText(average)} of ${REVIEW_STARS_MAX} from ${count} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * An average as stars (to the half) with `children` beside them ("4.7 (12)"). One image to
 * assistive technology, named by ratingLabel: the stars alone say nothing and the short figures
 * say little.
 */
export function RatingStars({
  rating,
  size = 'sm',
  children,
}: {
  rating: Rating;
  size?: MantineSize;
  children: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex" role="img" aria-label={ratingLabel(rating)}>
      <Stars value={rating.average} count={REVIEW_STARS_MAX} fractions={2} readOnly size={size} />
      <Text span size={size}>
        {children}
      </Text>
    </Group>
  );
}
