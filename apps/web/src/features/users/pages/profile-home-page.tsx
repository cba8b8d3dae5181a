import { Box, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { userCardsQuery } from '../../cards/api/card-queries.ts';
import { QueueLink } from '../../board/components/queue-link.tsx';
import { UserCards } from '../../cards/components/user-cards.tsx';
import { MessageButton } from '../../chat/components/message-button.tsx';
import { UserPosts } from '../../posts/components/user-posts.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { ReportButton } from '../../../components/report-button.tsx';
import { ReputationLine } from '../../../components/reputation-line.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { reputationQuery, userByLoginQuery } from '../api/user-queries.ts';
import { ProfileHeader } from '../components/profile-header.tsx';

// The editor (its form, checks and uploads) loads the first time its owner opens it: visitors, most
// of a profile's readers, never download it.
const EditProfileModal = lazy(async () => ({
  default: (await import('../components/edit-profile-modal.tsx')).EditProfileModal,
}));

/** A readable column: posts and their pictures at the width the feed shows them. */
const PAGE_WIDTH = 860;

/** /profile/{login}/home: the profile header, and the user's posts below it. */
export function ProfileHomePage() {
  const { login = '' } = useParams();
  const { user: me } = useSession();
  const { data: user, error, isPending, refetch } = useQuery(userByLoginQuery(login));
  // Asked for beside the profile, not after it, and waited for: cards arriving under a header
  // already on screen pushed the posts down (a layout shift of 0.2 on a phone, decision 0008). Only the
  // first answer is waited for: a failing list shows nothing (UserCards) while it is retried.
  const cards = useQuery(userCardsQuery(login));
  // The same for an artist's record in the header (asked for everyone: the roles come with the profile).
  const reputation = useQuery(reputationQuery(login));
  const [editing, setEditing] = useState(false);
  // Mounted from the first opening on, so closing keeps the modal's own transition.
  const [editorWanted, setEditorWanted] = useState(false);
  usePageTitle(user && `${user.displayName} (@${user.displayLogin})`);

  const waiting = [cards, reputation].some((q) => q.isPending && q.failureCount === 0);
  if (isPending || (waiting && !error)) return <LoadingState label="Loading profile" />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage what="user" />;
  if (error || !user) {
    return (
      <Box maw={PAGE_WIDTH} mx="auto" py="md">
        <ErrorState
          title="Could not load this profile"
          message={error?.message ?? 'Please try again in a moment'}
          onRetry={refetch}
        />
      </Box>
    );
  }
  const isMe = me?.id === user.id;

  return (
    <Stack maw={PAGE_WIDTH} mx="auto">
      <ProfileHeader
        user={user}
        reputation={
          user.roles.includes('artist') &&
          reputation.data && <ReputationLine login={user.displayLogin} record={reputation.data.asArtist} />
        }
        onEdit={
          isMe
            ? () => {
                setEditorWanted(true);
                setEditing(true);
              }
            : undefined
        }
        action={
          me && !isMe ? (
            <Group gap="xs">
              <MessageButton login={user.displayLogin} />
              <ReportButton targetKind="profile" targetId={user.displayLogin} variant="button" />
            </Group>
          ) : undefined
        }
      />
      {isMe && me && editorWanted && (
        <Suspense fallback={null}>
          <EditProfileModal me={me} opened={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {user.roles.includes('artist') && <QueueLink login={user.displayLogin} />}
      <UserCards login={user.displayLogin} />
      <Title order={2} size="h3" mt="sm">
        Posts
      </Title>
      <UserPosts login={user.displayLogin} isMe={isMe} />
    </Stack>
  );
}
