import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { exportTimeText } from '@brushline/shared/account/messages';
import type { ExportState } from '@brushline/shared/account/schemas';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import { userExportQuery } from '../api/admin-queries.ts';

const DataActionModal = lazy(async () => ({
  default: (await import('./data-action-modal.tsx')).DataActionModal,
}));

function exportLine(state: ExportState): string {
  if (!state) return 'No data export yet.';
  switch (state.status) {
    case 'preparing':
      return `An export is being prepared (asked ${exportTimeText(state.createdAt)}).`;
    case 'ready':
      return `The last export was mailed; its link works until ${exportTimeText(state.expiresAt!)}.`;
    case 'expired':
      return 'The last export’s link has expired.';
    case 'failed':
      return 'The last export could not be prepared.';
  }
}

/**
 * The person's data, on their request (decision 0024): any staff member starts an export (mailed
 * to them); only admins delete an account.
 */
export function DataActions({ user, viewerIsAdmin }: { user: AdminUserDetail; viewerIsAdmin: boolean }) {
  const [open, setOpen] = useState<'export' | 'delete' | null>(null);
  const { data } = useQuery(userExportQuery(user.login));
  return (
    <Stack component="section" aria-labelledby="account-data" gap="sm">
      <Title order={3} fz="h4" id="account-data">
        Their data
      </Title>
      <Text size="sm" c="dimmed">
        {data === undefined ? 'Loading the export state…' : exportLine(data)}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => setOpen('export')}
          disabled={data?.status === 'preparing'}
        >
          Export data
        </Button>
        {viewerIsAdmin && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setOpen('delete')}
          >
            Delete account
          </Button>
        )}
      </Group>
      {open && (
        <Suspense fallback={null}>
          <DataActionModal action={open} login={user.login} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
