import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { EXPORT_LINK_DAYS } from '@brushline/shared/account/constants';
import { exportTimeText } from '@brushline/shared/account/messages';
import type { ExportState } from '@brushline/shared/account/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { exportStateQuery, useRequestExport } from '../api/account-queries.ts';

// The dialog loads when someone opens it: settings pages do not carry a form they rarely show.
const DeleteAccountDialog = lazy(async () => ({
  default: (await import('./delete-account-dialog.tsx')).DeleteAccountDialog,
}));

/** What the latest export is doing, in a sentence. */
function ExportStatus({ state }: { state: NonNullable<ExportState> }) {
  switch (state.status) {
    case 'preparing':
      return (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Preparing your data… We will e-mail you a download link when it is ready.</Text>
        </Group>
      );
    case 'ready':
      return (
        <Text size="sm">
          Ready: we e-mailed you a download link
          {state.readyAt ? ` on ${exportTimeText(state.readyAt)}` : ''}. It works until{' '}
          {exportTimeText(state.expiresAt!)}.
        </Text>
      );
    case 'expired':
      return (
        <Text size="sm" c="dimmed">
          Your last download link has expired{state.expiresAt ? ` (${exportTimeText(state.expiresAt)})` : ''}.
        </Text>
      );
    case 'failed':
      return (
        <Text size="sm" c="red.8">
          We could not prepare your last export. Please ask again.
        </Text>
      );
  }
}

function DownloadCard() {
  const { data: state, isPending, error } = useQuery(exportStateQuery);
  const request = useRequestExport();
  const waitUntil = state?.nextAllowedAt ?? null;
  const busy = state?.status === 'preparing';
  const ask = async () => {
    try {
      toast.success((await request.mutateAsync()).message);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          Download my data
        </Title>
        <Text size="sm">
          A zip file with everything of yours: your profile, posts, commission cards, orders, requests, the
          messages you sent, your gallery and reviews (as JSON), and every picture you uploaded. We prepare it
          in the background and e-mail you a link that works for {EXPORT_LINK_DAYS} days, only for you.
        </Text>
        {error ? (
          <Alert color="red">{error.message}</Alert>
        ) : state ? (
          <div role="status" aria-live="polite">
            <ExportStatus state={state} />
          </div>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {waitUntil && !busy ? `You can ask for a new one after ${exportTimeText(waitUntil)}.` : ''}
          </Text>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void ask()}
            loading={request.isPending}
            disabled={isPending || busy || !!waitUntil}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /settings/general's last sections: the data export and, in a danger zone, deleting the account. */
export function YourDataSection({ me }: { me: Me }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack component="section" aria-labelledby="your-data" gap="md" mt="xl">
      <div>
        <Title order={2} fz="h3" id="your-data">
          Your data
        </Title>
        <Text c="dimmed" size="sm">
          A copy of everything you have here, and leaving for good.
        </Text>
      </div>
      <DownloadCard />
      <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
        <Stack gap="sm">
          <Title order={3} fz="h4" c="red.8">
            Danger zone
          </Title>
          <Text size="sm">
            Deleting your account removes your profile, posts, commission cards, gallery and requests, and
            signs you out everywhere. Orders stay with the other person, with your name shown as “Deleted
            user”. It cannot be undone: download your data first if you want to keep it.
          </Text>
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              Delete account
            </Button>
          </Group>
        </Stack>
      </Card>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog login={me.displayLogin} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
