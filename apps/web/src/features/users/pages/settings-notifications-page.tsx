import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useOutletContext } from 'react-router';
import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@brushline/shared/notifications/constants';
import {
  NOTIFICATION_KIND_TEXT,
  preferenceMessages,
  type NotificationPreferences,
} from '@brushline/shared/notifications/preferences';
import type { Me } from '@brushline/shared/users/schemas';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  notificationPreferencesQuery,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences.ts';
import { SettingsSection } from '../components/settings-section.tsx';

const channels: { value: NotificationChannel; label: string }[] = [
  { value: 'email', label: 'E-mail' },
  { value: 'inApp', label: 'In-app only' },
];

/** One kind: its name and what it is, and the two channels to pick from. */
function KindRow({
  kind,
  value,
  onChange,
}: {
  kind: NotificationKind;
  value: NotificationChannel;
  onChange: (value: NotificationChannel) => void;
}) {
  const id = useId();
  const text = NOTIFICATION_KIND_TEXT[kind];
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <div>
        <Text id={id} fw={500}>
          {text.label}
        </Text>
        <Text c="dimmed" size="sm">
          {text.description}
        </Text>
      </div>
      <SegmentedControl aria-labelledby={id} data={channels} value={value} onChange={(v) => onChange(v)} />
    </Group>
  );
}

function PreferencesForm({ login, saved }: { login: string; saved: NotificationPreferences }) {
  const [choice, setChoice] = useState<NotificationPreferences>(saved);
  const update = useUpdateNotificationPreferences(login);
  const changed = NOTIFICATION_KINDS.filter((k) => choice[k] !== saved[k]);

  // mutateAsync, not mutate's callbacks: the save re-keys this form (new saved values), and
  // callbacks of an unmounted observer are dropped, so the toast would never show.
  const save = async () => {
    try {
      const answer = await update.mutateAsync(Object.fromEntries(changed.map((k) => [k, choice[k]])));
      toast.success(answer.message);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        {NOTIFICATION_KINDS.map((kind) => (
          <KindRow
            key={kind}
            kind={kind}
            value={choice[kind]}
            onChange={(value) => setChoice((c) => ({ ...c, [kind]: value }))}
          />
        ))}
        <Text c="dimmed" size="sm">
          {preferenceMessages.batching}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending} disabled={changed.length === 0}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /settings/notifications: per kind of event, e-mail or in-app only (decision 0010). */
export function SettingsNotificationsPage() {
  const me = useOutletContext<Me>();
  const { data, error, isPending, refetch } = useQuery(notificationPreferencesQuery(me.displayLogin));
  return (
    <SettingsSection
      title="Notifications"
      description={`Everything shows in the bell and on the notifications page. Choose what is also e-mailed to ${me.email}.`}
    >
      {isPending ? (
        <LoadingState label="Loading notification settings" py="lg" />
      ) : error ? (
        <ErrorState
          title="Could not load your notification settings"
          message={error.message}
          onRetry={refetch}
        />
      ) : (
        <PreferencesForm key={JSON.stringify(data)} login={me.displayLogin} saved={data} />
      )}
    </SettingsSection>
  );
}
