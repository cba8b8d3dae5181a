import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { userCardsQuery } from '../../cards/api/card-queries.ts';
import { UserCards } from '../../cards/components/user-cards.tsx';
import { ProfileTabs } from '../../../components/profile-tabs.tsx';

/** /profile/{login}/cards (SPEC §2): every open commission card of the user. */
export function ProfileCardsPage() {
  const { login = '' } = useParams();
  const { data } = useQuery(userCardsQuery(login));
  return (
    <Stack>
      <Title order={1} fz="h2">
        Commission cards of @{login}
      </Title>
      <ProfileTabs login={login} current="profileCards" />
      {data?.length === 0 && <Text c="dimmed">No open commission cards right now.</Text>}
      <UserCards login={login} />
    </Stack>
  );
}
