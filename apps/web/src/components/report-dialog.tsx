import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  REPORT_COMMENT_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@brushline/shared/moderation/constants';
import { reportMessages, reportReasonText, reportTargetText } from '@brushline/shared/moderation/messages';
import type { ReportBodyInput } from '@brushline/shared/moderation/schemas';
import { api, ApiError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';

/**
 * The dialog behind the "Report" button (decision 0022): why (one of the reasons) and, optionally,
 * what is wrong. Loaded only when someone opens it, so the feed does not download a form it rarely
 * shows (the bundle budget in .size-limit.js).
 */
export function ReportDialog({
  targetKind,
  targetId,
  onClose,
}: {
  targetKind: ReportTarget;
  targetId: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 720px)');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: ReportBodyInput) => api<{ message: string }>('report', { method: 'POST', body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFieldErrors(err.fields);
      else setError(err.message);
    },
  });
  const submit = () => {
    setError(null);
    setFieldErrors({});
    if (!reason) return setFieldErrors({ reason: reportMessages.reasonRequired });
    if (reason === 'other' && comment.trim() === '')
      return setFieldErrors({ comment: reportMessages.otherNeedsComment });
    send.mutate({ targetKind, targetId, reason, comment });
  };
  return (
    <Modal opened onClose={onClose} title={`Report this ${reportTargetText[targetKind]}`} fullScreen={phone}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Staff read every report. The owner is not told who reported; you are told when the report is
            resolved.
          </Text>
          <Radio.Group
            label="Why are you reporting it?"
            withAsterisk
            value={reason}
            onChange={(v) => setReason(v)}
            error={fieldErrors.reason}
          >
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((r) => (
                <Radio key={r} value={r} label={reportReasonText[r]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="What is wrong?"
            description={
              reason === 'other' ? 'Required for “Something else”' : 'Optional: anything staff should know'
            }
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={REPORT_COMMENT_MAX}
            rows={4}
            error={fieldErrors.comment}
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {comment.length} / {REPORT_COMMENT_MAX}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={send.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
