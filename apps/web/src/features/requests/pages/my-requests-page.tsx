import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import { TYPES_OF_WORK, type TypeOfWork } from '@brushline/shared/requests/constants';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ownRequestsQuery } from '../api/request-queries.ts';
import { RequestCard } from '../components/request-card.tsx';
import { RequestsNav } from '../components/requests-nav.tsx';
import { typeOfWorkLabel } from '../request-text.ts';

type Status = 'any' | 'hidden' | 'public';

/**
 * /crm/requests/active (SPEC §2 "My requests"): the user's requests, filtered by name, type of
 * work and status (Any, Hidden, Public), and the Create new request button. Each opens its editor.
 */
export function MyRequestsPage() {
  const { data, error, isPending, refetch } = useQuery(ownRequestsQuery);
  const [name, setName] = useState('');
  const [type, setType] = useState<TypeOfWork | null>(null);
  const [status, setStatus] = useState<Status>('any');

  const words = name.trim().toLowerCase();
  const shown = (data ?? []).filter(
    (r) =>
      (!words || r.title.toLowerCase().includes(words)) &&
      (!type || r.typeOfWork === type) &&
      (status === 'any' || r.privacy === status),
  );

  return (
    <Stack gap="md">
      <RequestsNav />
      <Group justify="space-between">
        <Title order={2} fz="h3">
          My requests
        </Title>
        <Button component={Link} to={paths.crmRequestCreate}>
          Create new request
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search" aria-label="Filter my requests">
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select
          label="Type of work"
          placeholder="Any"
          clearable
          data={TYPES_OF_WORK.map((t) => ({ value: t, label: typeOfWorkLabel(t) }))}
          value={type}
          onChange={(t) => setType(t)}
          comboboxProps={{ withinPortal: false }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="my-requests-status">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="my-requests-status"
            value={status}
            onChange={(s) => setStatus(s)}
            data={[
              { value: 'any', label: 'Any' },
              { value: 'hidden', label: 'Hidden' },
              { value: 'public', label: 'Public' },
            ]}
          />
        </Stack>
      </SimpleGrid>
      {isPending ? (
        <LoadingState label="Loading your requests" />
      ) : error ? (
        <ErrorState title="Could not load your requests" message={error.message} onRetry={refetch} />
      ) : data.length === 0 ? (
        <Stack align="center" py="xl" gap={6} ta="center">
          <Text c="dimmed">You have no requests yet.</Text>
          <Text size="sm" c="dimmed" maw={440}>
            Describe what you would like drawn, with a budget and a deadline: artists find it on Requests and
            apply with their commission cards.
          </Text>
        </Stack>
      ) : shown.length === 0 ? (
        <Text c="dimmed">None of your requests matches these filters.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="list" aria-label="My requests">
          {shown.map((r) => (
            <div role="listitem" key={r.guid}>
              <RequestCard request={r} to={toPath('crmRequestEditor', { guid: r.guid })} showPrivacy />
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
