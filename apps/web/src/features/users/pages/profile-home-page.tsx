import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/session-queries.ts';
import { UserPosts } from '../../posts/components/user-posts.tsx';
import { NotFoundPage } from '../../site/pages/not-found-page.tsx';
import { userByLoginQuery } from '../api/user-queries.ts';
import { EditProfileModal } from '../components/edit-profile-modal.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';

/** /profile/{login}/home: the profile header, and the user's posts below it. */
export function ProfileHomePage() {
  const { login = '' } = useParams();
  const { user: me } = useSession();
  const { data: user, error, isPending, refetch } = useQuery(userByLoginQuery(login));
  const [editing, setEditing] = useState(false);

  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage what="user" />;
  if (error || !user) {
    return (
      <Stack align="center" py="xl">
        <Text>{error?.message ?? 'Could not load this profile'}</Text>
        <Button variant="light" onClick={() => void refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const isMe = me?.id === user.id;

  return (
    <Stack>
      <ProfileHeader user={user} onEdit={isMe ? () => setEditing(true) : undefined} />
      {isMe && me && <EditProfileModal me={me} opened={editing} onClose={() => setEditing(false)} />}
      <UserPosts login={user.displayLogin} />
    </Stack>
  );
}
