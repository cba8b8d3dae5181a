import { Anchor, Box, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '@brushline/shared/messages';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { POST_ID_PATTERN, postQuery } from '../api/post-queries.ts';
import { PostCard } from '../components/post-card.tsx';

function PostMissing() {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="xs">
        <Text fw={500}>{messages.postMissing}</Text>
        <Anchor component={Link} to={paths.feed}>
          Go to the feed
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * /post/{id}: one post with the feed's card (likes, delete, images), as the server shows it to
 * this reader. A like notification opens it. A post that is missing, deleted (also here, from
 * its own delete button) or hidden by the reader's maturity settings says so.
 */
export function PostPage() {
  const raw = useParams().id ?? '';
  const id = POST_ID_PATTERN.test(raw) ? Number(raw) : null;
  const { user, isPending: sessionPending } = useSession();
  const query = useQuery({
    ...postQuery(id ?? 0, user?.id ?? null),
    // The server filters by who is reading: wait to know who that is.
    enabled: id !== null && !sessionPending,
  });
  // After a delete the page asks again: the 404 wins over the copy still cached.
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  const heading = query.data && !missing ? `Post by ${query.data.owner.displayName}` : 'Post';
  usePageTitle(missing ? messages.postMissing : heading);

  let body;
  if (missing) body = <PostMissing />;
  else if (query.data) body = <PostCard post={query.data} pictures="first" />;
  else if (query.error)
    body = (
      <ErrorState title="Could not load the post" message={query.error.message} onRetry={query.refetch} />
    );
  else body = <LoadingState label="Loading the post" />;

  return (
    <Box maw={720} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          {heading}
        </Title>
        {body}
      </Stack>
    </Box>
  );
}
