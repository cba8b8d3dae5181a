import { Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { REVIEW_SIDES, type ReviewSide } from '@brushline/shared/reviews/constants';
import { ratingSummaryText } from '@brushline/shared/reviews/messages';
import type { Rating } from '@brushline/shared/reviews/schemas';
import { LoadMore } from '../../../components/load-more.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { ProfileTabs } from '../../../components/profile-tabs.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ReportButton } from '../../../components/report-button.tsx';
import { ReviewItem } from '../../../components/review-item.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { userReviewsQuery } from '../api/user-queries.ts';

const SIDE_LABELS: Record<ReviewSide, string> = { artist: 'As an artist', buyer: 'As a buyer' };
const isSide = (v: string | null): v is ReviewSide => REVIEW_SIDES.some((s) => s === v);

function Summary({ side, rating }: { side: ReviewSide; rating: Rating | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {SIDE_LABELS[side]}
      </Text>
      <Text fw={600} data-testid={`rating-${side}`}>
        {rating ? ratingSummaryText(rating.average, rating.count) : 'No reviews yet'}
      </Text>
    </Stack>
  );
}

/**
 * /profile/{login}/reviews (decision 0023): what people wrote after done orders with this user, as
 * an artist or as a buyer (`?side=`), each side's average, newest first, 20 at a time. Public.
 */
export function ProfileReviewsPage() {
  const { login = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('side');
  const side: ReviewSide = isSide(asked) ? asked : 'artist';
  const { user } = useSession();
  const list = useInfiniteQuery({
    ...userReviewsQuery(login, side),
    // The same user's other side stands in while this one loads: both carry the same two averages,
    // which then stay put; its reviews are not shown (isPlaceholderData). Another user's never does.
    placeholderData: (previous, query) => (query?.queryKey[2] === login.toLowerCase() ? previous : undefined),
  });
  usePageTitle(`Reviews of @${login}`);

  if (list.error instanceof ApiError && list.error.status === 404) return <NotFoundPage what="user" />;
  const first = list.data?.pages[0];
  const reviews = list.data?.pages.flatMap((p) => p.items) ?? [];
  const sideLabel = SIDE_LABELS[side].toLowerCase();

  return (
    <Stack>
      <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
        Reviews of @{login}
      </Title>
      <ProfileTabs login={login} current="profileReviews" />
      <SegmentedControl
        aria-label="Reviews received"
        value={side}
        onChange={(v) => isSide(v) && setParams({ side: v }, { replace: true })}
        data={REVIEW_SIDES.map((s) => ({ value: s, label: SIDE_LABELS[s] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {first && (
        <SimpleGrid cols={2} spacing="sm" maw={480}>
          <Summary side="artist" rating={first.asArtist} />
          <Summary side="buyer" rating={first.asBuyer} />
        </SimpleGrid>
      )}
      {list.isPending || list.isPlaceholderData ? (
        <LoadingState label="Loading the reviews" />
      ) : list.isError && reviews.length === 0 ? (
        <ErrorState
          title="Couldn't load the reviews"
          message={`${list.error.message}. Press Try again, or come back in a moment.`}
          onRetry={list.refetch}
        />
      ) : reviews.length === 0 ? (
        <Text c="dimmed" py="md">
          No reviews {sideLabel} yet. Reviews appear here once an order with @{login} is done.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={`Reviews ${sideLabel}`}>
          {reviews.map((r) => (
            <Card
              key={r.id}
              withBorder
              padding="md"
              role="listitem"
              aria-label={`Review by ${r.author.displayName}`}
            >
              <ReviewItem
                review={r}
                withOrder
                action={
                  user && user.id !== r.author.id ? (
                    <ReportButton targetKind="review" targetId={r.id} />
                  ) : undefined
                }
              />
            </Card>
          ))}
        </Stack>
      )}
      {list.isFetchNextPageError ? (
        <ErrorState
          title="Couldn't load more reviews"
          message={`${list.error.message}. The reviews above are still here; press Try again.`}
          onRetry={() => list.fetchNextPage()}
        />
      ) : (
        <LoadMore
          hasMore={list.hasNextPage && !list.isPlaceholderData}
          loading={list.isFetchingNextPage}
          onLoad={() => void list.fetchNextPage()}
        />
      )}
    </Stack>
  );
}
