import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format-date.ts';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { NotFoundPage } from '../../site/pages/not-found-page.tsx';
import { useSession } from '../../auth/api/session-queries.ts';
import { userByLoginQuery } from '../api/user-queries.ts';
import { UserBadges } from '../components/user-badges.tsx';

export function ProfileHomePage() {
  const { login = '' } = useParams();
  const { user: me } = useSession();
  const { data: user, error, isPending, refetch } = useQuery(userByLoginQuery(login));

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
      <Card withBorder padding="lg">
        <Card.Section h={120} bg="var(--mantine-primary-color-light)" />
        <Group align="flex-end" mt={-48} wrap="wrap">
          <UserAvatar
            name={user.displayName}
            size={96}
            radius={96}
            style={{ border: '4px solid var(--mantine-color-body)' }}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
            <Title order={2}>{user.displayName}</Title>
            <Text c="dimmed">@{user.displayLogin}</Text>
          </Stack>
        </Group>
        <Stack gap="xs" mt="md">
          <UserBadges roles={user.roles} />
          <Text size="sm" c="dimmed">
            Member since {formatDate(user.createdAt)}
          </Text>
          {isMe && (
            <Text size="sm">This is your profile. Posts, cards and your gallery will appear here.</Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
