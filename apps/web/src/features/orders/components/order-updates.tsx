import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { revisionText } from '@brushline/shared/orders/messages';
import type { DeliveryFile, OrderUpdate, SentForm } from '@brushline/shared/orders/schemas';
import type { TaskSide } from '@brushline/shared/orders/status-machine';
import { formatDate } from '../../../lib/format-date.ts';
import { FileViewer } from './file-viewer.tsx';
import { WholePicture } from '../../../components/whole-picture.tsx';
import { WipAnswers } from './wip-answers.tsx';

const HEADINGS: Record<OrderUpdate['kind'], string> = {
  wip: 'Work in progress',
  delivery: 'Delivery',
  sendBack: 'Sent back',
};

function heading(u: OrderUpdate, included: number | null, deliveryNo: number): string {
  if (u.kind === 'sendBack') return `${HEADINGS.sendBack}: ${revisionText(u.revision, included)}`;
  if (u.kind === 'delivery')
    return deliveryNo === 1 ? 'Delivery' : `Delivery ${deliveryNo} (${revisionText(u.revision, included)})`;
  return HEADINGS.wip;
}

/** The order's history, newest first: every delivery and work in progress with its files, and each send-back. */
export function OrderUpdates({
  updates,
  form,
  side,
}: {
  updates: OrderUpdate[];
  form: SentForm;
  /** Which side reads: the commissioner answers a work in progress under it. */
  side: TaskSide;
}) {
  const revisionsIncluded = form.revisionsIncluded;
  const [open, setOpen] = useState<{ file: DeliveryFile; title: string } | null>(null);
  if (updates.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing delivered yet. Work in progress and the finished files will appear here.
      </Text>
    );
  }
  let deliveries = 0;
  const numbered = updates.map((u) => ({ u, no: u.kind === 'delivery' ? ++deliveries : 0 }));
  return (
    <Stack gap="sm" role="list" aria-label="Deliveries and work in progress">
      {numbered.reverse().map(({ u, no }) => {
        const title = heading(u, revisionsIncluded, no);
        if (u.kind === 'sendBack') {
          return (
            <Alert key={u.id} role="listitem" aria-label={title} color="orange" title={title}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {u.message}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {u.author.displayName} · {formatDate(u.createdAt)}
              </Text>
            </Alert>
          );
        }
        return (
          <Card key={u.id} withBorder padding="sm" role="listitem" aria-label={title}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>{title}</Text>
                <Text size="xs" c="dimmed">
                  {u.author.displayName} · {formatDate(u.createdAt)}
                </Text>
              </Group>
              {u.message && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {u.message}
                </Text>
              )}
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {u.files.map((f, i) => (
                  <Stack key={f.id} gap={2}>
                    <UnstyledButton
                      onClick={() => setOpen({ file: f, title: `${title}, file ${i + 1}` })}
                      aria-label={`View ${title.toLowerCase()} file ${i + 1} at full size`}
                    >
                      <WholePicture src={f.miniatureUrl} alt="" />
                    </UnstyledButton>
                    <Anchor
                      href={f.downloadUrl}
                      download={f.fileName}
                      size="xs"
                      aria-label={`Download ${f.fileName}`}
                    >
                      Download · {f.width}×{f.height}
                    </Anchor>
                  </Stack>
                ))}
              </SimpleGrid>
              {u.kind === 'wip' && (
                <WipAnswers
                  update={u}
                  formId={form.id}
                  side={side}
                  inProgress={form.status === 'processing'}
                  artistName={form.artist.displayName}
                />
              )}
            </Stack>
          </Card>
        );
      })}
      <FileViewer file={open?.file ?? null} title={open?.title ?? ''} onClose={() => setOpen(null)} />
    </Stack>
  );
}
