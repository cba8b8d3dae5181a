import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { Post } from '@brushline/shared/posts/schemas';
import { isStaff } from '@brushline/shared/roles';
import { IconHeart, IconHeartFilled, IconTrash } from '@tabler/icons-react';
import { paths, toPath } from '@brushline/shared/paths';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/session.ts';
import { ReportButton } from '../../../components/report-button.tsx';
import { UserBadges } from '../../../components/user-badges.tsx';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { useDeletePost, useToggleLike } from '../api/post-mutations.ts';
import { CollapsibleContent } from './collapsible-content.tsx';
import { PostMediaGrid, type PictureLoading } from './post-media-grid.tsx';
import { RelativeTimeLabel } from './relative-time-label.tsx';

// Filled, with dark text on yellow and white on a deep red: a content label must be readable at a glance.
const maturityLook: Record<Exclude<Maturity, 'sfw'>, { color: string; label: string }> = {
  questionable: { color: 'yellow', label: 'Questionable' },
  nsfw: { color: 'red.9', label: 'NSFW' },
};

function LikeButton({ post }: { post: Post }) {
  const { user } = useSession();
  const like = useToggleLike();
  const navigate = useNavigate();
  const location = useLocation();
  const onClick = () => {
    if (!user) {
      toast.info('Please sign in to like posts');
      void navigate(paths.login, { state: { from: location.pathname + location.search } });
      return;
    }
    like.mutate(post.id);
  };
  return (
    <Button
      variant={post.likedByMe ? 'light' : 'subtle'}
      color={post.likedByMe ? 'red' : 'gray'}
      size="compact-md"
      leftSection={
        post.likedByMe ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />
      }
      aria-pressed={post.likedByMe}
      aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.totalLikes} ${post.totalLikes === 1 ? 'like' : 'likes'})`}
      onClick={onClick}
    >
      {post.totalLikes}
    </Button>
  );
}

function DeleteButton({ post }: { post: Post }) {
  const remove = useDeletePost();
  const confirm = () =>
    openConfirmModal({
      title: 'Delete this post?',
      children: (
        <Text size="sm">The post and its likes are removed for everyone. This cannot be undone.</Text>
      ),
      labels: { confirm: 'Delete post', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(post.id),
    });
  return (
    // The trash icon and its name (for screen readers) say enough: no tooltip, whose code the
    // feed would otherwise load for every reader.
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label="Delete post"
      title="Delete post"
      loading={remove.isPending}
      onClick={confirm}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

/**
 * One post of the feed or of a profile: who, when, maturity, text, images, likes. `pictures`: when
 * its pictures load (PostMediaGrid): as the reader scrolls near unless the post opens the page.
 */
export function PostCard({ post, pictures = 'lazy' }: { post: Post; pictures?: PictureLoading }) {
  const { user } = useSession();
  const canDelete = user !== null && (user.id === post.ownerId || isStaff(user.roles));
  const canReport = user !== null && user.id !== post.ownerId;
  // SPEC §6: subscribers' posts are highlighted in the feed.
  const highlighted = post.owner.badges.includes('subscriber');
  const profile = toPath('profileHome', { login: post.owner.login });
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Post by ${post.owner.displayName}`}
      style={highlighted ? { borderColor: 'var(--mantine-color-yellow-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={profile} aria-hidden tabIndex={-1}>
              <UserAvatar
                name={post.owner.displayName}
                src={post.owner.avatarMiniatureUrl}
                size={42}
                decorative
              />
            </Anchor>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Anchor component={Link} to={profile} fw={600} c="var(--mantine-color-text)" truncate="end">
                  {post.owner.displayName}
                </Anchor>
                <UserBadges badges={post.owner.badges} size="sm" focusable={false} />
              </Group>
              <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
                <Text size="sm" c="dimmed" truncate="end" maw="100%">
                  @{post.owner.login}
                </Text>
                <Text size="sm" c="dimmed" aria-hidden>
                  ·
                </Text>
                <RelativeTimeLabel at={post.createdAt} />
                {/* Beside the time rather than in the corner: it never squeezes the author's name away. */}
                {post.maturity !== 'sfw' && (
                  <Badge color={maturityLook[post.maturity].color} variant="filled" autoContrast size="sm">
                    {maturityLook[post.maturity].label}
                  </Badge>
                )}
                <AiLabelBadge label={post.aiLabel} />
              </Group>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            {canReport && <ReportButton targetKind="post" targetId={String(post.id)} />}
            {canDelete && <DeleteButton post={post} />}
          </Group>
        </Group>
        <StaffHiddenNotice reason={post.hiddenByStaff} what="post" />
        <CollapsibleContent>
          <Stack gap="sm">
            {post.postContent.trim() !== '' && (
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.postContent}</Text>
            )}
            <PostMediaGrid media={post.attachedMedia} load={pictures} />
          </Stack>
        </CollapsibleContent>
        <Group>
          <LikeButton post={post} />
        </Group>
      </Stack>
    </Card>
  );
}
