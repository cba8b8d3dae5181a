import { Alert, Anchor, Button, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { messages } from '@brushline/shared/messages';
import { toPath } from '@brushline/shared/paths';
import { requestMessages } from '@brushline/shared/requests/messages';
import type { Application } from '@brushline/shared/requests/schemas';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerApplication } from '../api/request-queries.ts';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { WholePicture } from '../../../components/whole-picture.tsx';

/**
 * SPEC §2 Pending requests' View: the whole application, with Approve and Decline while it is
 * pending. Both ask first: approving makes the order, declining is final.
 */
export function ApplicationModal({
  application: a,
  onClose,
}: {
  application: Application | null;
  onClose: () => void;
}) {
  const answer = useAnswerApplication();
  const [alert, setAlert] = useState<string | null>(null);

  const ask = (kind: 'confirm' | 'reject') => {
    if (!a) return;
    const approve = kind === 'confirm';
    openConfirmModal({
      title: approve ? 'Approve this application?' : 'Decline this application?',
      children: approve
        ? `${a.sender.displayName} gets the order for "${a.applienceRequest.title}" at ${formatUsd(a.offeredPrice)}, made from their card "${a.cardTitle}". The order starts as accepted, and it cannot be undone here.`
        : `${a.sender.displayName} is told that you declined. This cannot be undone.`,
      labels: { confirm: approve ? 'Approve' : 'Decline', cancel: 'Back' },
      confirmProps: approve ? {} : { color: 'red' },
      onConfirm: () => {
        setAlert(null);
        answer.mutate(
          { id: a.id, answer: kind },
          {
            onSuccess: (r) => {
              toast.success(r.message);
              onClose();
            },
            onError: (err) => {
              toast.error(messages.applicationAnswerFailed);
              setAlert(err.message);
            },
          },
        );
      },
    });
  };

  return (
    <Modal
      opened={a !== null}
      onClose={() => {
        setAlert(null);
        onClose();
      }}
      title={a ? `Application to "${a.applienceRequest.title}"` : ''}
      size="lg"
    >
      {a && (
        <Stack gap="sm">
          <Group gap="xs">
            <UserAvatar name={a.sender.displayName} src={a.sender.avatarMiniatureUrl} size={32} decorative />
            <Stack gap={0}>
              <Anchor component={Link} to={toPath('profileHome', { login: a.sender.login })} fw={600}>
                {a.sender.displayName}
              </Anchor>
              <Text size="xs" c="dimmed">
                @{a.sender.login}
              </Text>
            </Stack>
            <ApplicationStatusBadge status={a.status} />
          </Group>
          <Group gap="sm" wrap="nowrap" align="center">
            {a.sendComissionCard?.cardBanner && (
              <Image
                src={a.sendComissionCard.cardBanner.miniatureUrl}
                alt=""
                w={64}
                h={64}
                radius="sm"
                fit="cover"
              />
            )}
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Commission card
              </Text>
              {a.sendComissionCard ? (
                <Anchor component={Link} to={toPath('commission', { uuid: a.sendComissionCard.uuid })}>
                  {a.cardTitle}
                </Anchor>
              ) : (
                <Text>{a.cardTitle}</Text>
              )}
            </Stack>
          </Group>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Offered price
            </Text>
            <Text fw={700}>{formatUsd(a.offeredPrice)}</Text>
            {a.belowMinimum && (
              <Text size="sm" c="orange.9">
                {requestMessages.belowMinimum(formatUsd(a.applienceRequest.priceMin))}
              </Text>
            )}
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Comment
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.comment || '—'}</Text>
          </Stack>
          {a.attachedReferences.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
              {a.attachedReferences.map((m, i) => (
                <Anchor key={m.id} href={m.url} target="_blank" rel="noopener">
                  <WholePicture src={m.miniatureUrl} alt={`Reference ${i + 1}`} />
                </Anchor>
              ))}
            </SimpleGrid>
          )}
          {a.commissionTask && (
            <Anchor component={Link} to={toPath('order', { id: a.commissionTask.formId })}>
              Open order #{a.commissionTask.formId}
            </Anchor>
          )}
          {alert && (
            <Alert color="red" role="alert" title={messages.applicationAnswerFailed}>
              {alert}
            </Alert>
          )}
          {a.status === 'pending' && (
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                c="red.9"
                onClick={() => ask('reject')}
                loading={answer.isPending && answer.variables?.answer === 'reject'}
              >
                Decline
              </Button>
              <Button
                onClick={() => ask('confirm')}
                loading={answer.isPending && answer.variables?.answer === 'confirm'}
              >
                Approve
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
