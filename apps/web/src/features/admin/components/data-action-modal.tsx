import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EXPORT_LINK_DAYS } from '@brushline/shared/account/constants';
import { MODERATION_REASON_MAX } from '@brushline/shared/moderation/constants';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import { paths } from '@brushline/shared/paths';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDataAction } from '../api/admin-queries.ts';

const about = {
  export: {
    title: (login: string) => `Export the data of @${login}`,
    text: `The archive is prepared in the background and e-mailed to the user (never to staff), as a link that works for ${EXPORT_LINK_DAYS} days. Their own once-a-day limit is not used.`,
    label: 'Start the export',
  },
  delete: {
    title: (login: string) => `Delete the account @${login}`,
    text: 'Their profile, posts, cards, gallery and requests are removed and every session ends. Orders stay with the other person under “Deleted user”. This cannot be undone: do it only on the owner’s request.',
    label: 'Delete the account',
  },
} as const;

/**
 * Staff acting on a person's request (decision 0024): export their data, or delete their account.
 * Both ask why (kept in the audit log); a refusal (orders in progress, say) stays in the dialog.
 */
export function DataActionModal({
  action,
  login,
  onClose,
}: {
  action: 'export' | 'delete';
  login: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const run = useDataAction(login, action);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const words = about[action];

  const submit = async () => {
    setFieldError(null);
    setRefusal(null);
    if (!reason.trim()) return setFieldError(moderationMessages.reasonRequired);
    try {
      const { message } = await run.mutateAsync({ reason });
      toast.success(message);
      onClose();
      if (action === 'delete') void navigate(paths.adminUsers);
    } catch (err) {
      if (err instanceof ApiError && err.fields.reason) setFieldError(err.fields.reason);
      else setRefusal((err as Error).message);
    }
  };

  return (
    <Modal opened onClose={onClose} title={words.title(login)} fullScreen={phone}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{words.text}</Text>
          {refusal && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {refusal}
            </Alert>
          )}
          <Textarea
            label="Reason"
            description={`${reason.length}/${MODERATION_REASON_MAX} · the person's request, kept in the audit log`}
            rows={3}
            required
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={action === 'delete' ? 'red' : undefined} loading={run.isPending}>
              {words.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
