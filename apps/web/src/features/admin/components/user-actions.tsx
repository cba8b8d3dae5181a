import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconClockPause, IconLockOpen, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import { isStaff } from '@brushline/shared/roles';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useUserAction } from '../api/admin-queries.ts';
import { ActionModal, type FormAction } from './action-modal.tsx';

/**
 * What staff may do to this account now: warn, end its sessions, suspend, ban, or lift a
 * restriction. Only what makes sense shows: no lift without a restriction, no suspend or ban of a
 * banned account, no warning to a banned one (they cannot sign in to read it), nothing to end
 * without sessions, and a moderator only warns staff (the server refuses the rest with 403).
 */
export function UserActions({ user, viewerIsAdmin }: { user: AdminUserDetail; viewerIsAdmin: boolean }) {
  const [open, setOpen] = useState<FormAction | null>(null);
  const endSessions = useUserAction(user.login, 'end-sessions');
  const banned = user.restriction?.kind === 'banned';
  const mayRestrict = viewerIsAdmin || !isStaff(user.roles);

  const confirmEndSessions = () =>
    openConfirmModal({
      title: `End every session of @${user.login}?`,
      children: (
        <Text size="sm">
          They are signed out on every browser and device at once. They can sign in again unless the account
          is suspended or banned.
        </Text>
      ),
      labels: { confirm: 'End sessions', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void endSessions.mutateAsync(undefined).then(
          ({ message }) => toast.success(message),
          (err: Error) => toast.error(err.message),
        ),
    });

  return (
    <Stack component="section" aria-labelledby="account-actions" gap="sm">
      <Title order={3} fz="h4" id="account-actions">
        Actions
      </Title>
      {!mayRestrict && (
        <Alert color="blue" p="xs">
          {moderationMessages.staffOnlyByAdmin}
        </Alert>
      )}
      <Group gap="xs">
        {!banned && (
          <Button
            variant="default"
            leftSection={<IconAlertTriangle size={16} aria-hidden />}
            onClick={() => setOpen('warn')}
          >
            Warn
          </Button>
        )}
        {mayRestrict && user.sessions > 0 && (
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={confirmEndSessions}
            loading={endSessions.isPending}
          >
            End sessions
          </Button>
        )}
        {mayRestrict && !user.restriction && (
          <Button
            color="orange"
            variant="light"
            leftSection={<IconClockPause size={16} aria-hidden />}
            onClick={() => setOpen('suspend')}
          >
            Suspend
          </Button>
        )}
        {mayRestrict && !banned && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => setOpen('ban')}
          >
            Ban
          </Button>
        )}
        {mayRestrict && user.restriction && (
          <Button
            variant="light"
            leftSection={<IconLockOpen size={16} aria-hidden />}
            onClick={() => setOpen('lift')}
          >
            Lift
          </Button>
        )}
      </Group>
      {/* Always mounted (the buttons come and go with the account's state): a dialog closes with
          its transition after the action changed what shows. */}
      {(['suspend', 'ban', 'lift', 'warn'] as const).map((action) => (
        <ActionModal
          key={action}
          action={action}
          user={user}
          opened={open === action}
          onClose={() => setOpen(null)}
        />
      ))}
    </Stack>
  );
}
