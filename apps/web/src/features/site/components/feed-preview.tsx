import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Post } from '@brushline/shared/posts/schemas';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../../lib/session.ts';
import { postListQuery } from '../../posts/api/post-queries.ts';
import { responsiveImage } from '../../../lib/responsive-image.ts';

const TILES = 6;

/** The first picture of each post, newest first; then their other pictures, to fill the row. */
function pickTiles(posts: Post[]) {
  const firsts = posts.flatMap((post) => post.attachedMedia.slice(0, 1).map((media) => ({ post, media })));
  const rest = posts.flatMap((post) => post.attachedMedia.slice(1).map((media) => ({ post, media })));
  return [...firsts, ...rest].slice(0, TILES);
}

/**
 * The newest pictures of the feed, one per post, as a taste of what is there. It shares the
 * feed's first page (same query key), so opening the feed next costs nothing. A failed or empty
 * load shows nothing: the landing page still makes sense without it.
 */
export function FeedPreview() {
  const { user, isPending: sessionPending } = useSession();
  const { data, isPending, error } = useInfiniteQuery({
    ...postListQuery(null, user?.id ?? null),
    enabled: !sessionPending,
  });
  const tiles = pickTiles(data?.pages[0]?.items ?? []);
  if (error || (!isPending && tiles.length === 0)) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="feed-preview-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="feed-preview-title">
          Fresh from the feed
        </Title>
        <Anchor component={Link} to={paths.feed} size="sm">
          See the whole feed
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 3, sm: TILES }} spacing="xs">
        {isPending
          ? Array.from({ length: TILES }, (_, i) => (
              <Skeleton key={i} radius="md" style={{ aspectRatio: '1' }} aria-hidden="true" />
            ))
          : tiles.map(({ post, media }) => (
              <UnstyledButton
                key={media.id}
                component={Link}
                to={paths.feed}
                aria-label={`A picture by ${post.owner.displayName}, in the feed`}
                style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', display: 'block' }}
              >
                <img
                  {...responsiveImage(media, '(max-width: 36em) 33vw, 200px')}
                  alt=""
                  loading="lazy"
                  width={media.width}
                  height={media.height}
                  style={{
                    display: 'block',
                    width: '100%',
                    height: 'auto',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    background: 'var(--mantine-color-default-hover)',
                  }}
                />
              </UnstyledButton>
            ))}
      </SimpleGrid>
      {!isPending && (
        <Text size="sm" c="dimmed">
          Pictures artists posted recently. Everyone can browse the feed, no account needed.
        </Text>
      )}
    </Stack>
  );
}
