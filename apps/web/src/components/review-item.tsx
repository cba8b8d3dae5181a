import { Alert, Anchor, Box, Group, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hiddenByStaffText } from '@brushline/shared/moderation/messages';
import { toPath } from '@brushline/shared/paths';
import { REVIEW_STARS_MAX } from '@brushline/shared/reviews/constants';
import type { Review } from '@brushline/shared/reviews/schemas';
import { formatDate } from '../lib/format-date.ts';
import { UserAvatar } from './user-avatar.tsx';

const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** Stars to read, not to choose: one image named "4 of 5 stars". */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Rating
      value={value}
      count={REVIEW_STARS_MAX}
      readOnly
      size={size}
      role="img"
      aria-label={`${value} of ${REVIEW_STARS_MAX} stars`}
    />
  );
}

/**
 * One review (decision 0023): its stars, author (a link to their profile), date and words, the
 * reviewed person's answer under it, and staff's reason when they hid it (only its author and
 * staff see it then). `action` sits at the top right (Report); `children` below (an answer form).
 */
export function ReviewItem({
  review,
  withOrder = false,
  action,
  children,
}: {
  review: Review;
  /** Names the order it is about: on a profile, where the order is not on screen. */
  withOrder?: boolean;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const { author, subject } = review;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {/* The name is written beside it. */}
          <UserAvatar src={author.avatarMiniatureUrl} name={author.displayName} size={32} decorative />
          <Box style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={toPath('profileHome', { login: author.login })}
              size="sm"
              fw={500}
              style={{ overflowWrap: 'anywhere' }}
            >
              {author.displayName}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{author.login} · {formatDate(review.createdAt)}
            </Text>
          </Box>
        </Group>
        {action}
      </Group>
      <Stars value={review.stars} />
      {withOrder && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Order: {review.orderTitle}
        </Text>
      )}
      {review.hiddenByStaff !== null && (
        <Alert color="orange" title="Only you and staff can see this review">
          {hiddenByStaffText(review.hiddenByStaff)}
        </Alert>
      )}
      {review.text !== '' && (
        <Text size="sm" style={WRAP}>
          {review.text}
        </Text>
      )}
      {review.answer !== null && (
        <Stack gap={2} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Answer from {subject.displayName}
            {review.answeredAt ? ` · ${formatDate(review.answeredAt)}` : ''}
          </Text>
          <Text size="sm" style={WRAP}>
            {review.answer}
          </Text>
        </Stack>
      )}
      {children}
    </Stack>
  );
}
