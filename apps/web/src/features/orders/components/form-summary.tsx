import { Anchor, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { formatDate } from '../../../lib/format-date.ts';
import { StatusBadge } from './status-badge.tsx';

/** Everything a sent form says: the choices with their prices, the description, the references. */
export function FormSummary({ form }: { form: SentForm }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Sent {formatDate(form.createdAt)}
        </Text>
        <StatusBadge status={form.status} />
      </Group>
      <div>
        <Title order={4} fz="md" mb={4}>
          Chosen options
        </Title>
        {form.sendComissionCardOptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No options: the starting price only.
          </Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {form.sendComissionCardOptions.flatMap((section) =>
                section.options.map((o) => (
                  <Table.Tr key={`${section.title}-${o.key}`}>
                    <Table.Td>
                      <Text size="sm">
                        <Text span c="dimmed" size="sm">
                          {section.title}:
                        </Text>{' '}
                        {o.option}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">+{formatUsd(o.price)}</Text>
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        )}
      </div>
      <div>
        <Title order={4} fz="md" mb={4}>
          Description
        </Title>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={form.description ? undefined : 'dimmed'}
        >
          {form.description || 'No description.'}
        </Text>
      </div>
      <div>
        <Title order={4} fz="md" mb={4}>
          References ({form.references.length})
        </Title>
        {form.references.length === 0 ? (
          <Text size="sm" c="dimmed">
            No references attached.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
            {form.references.map((m, i) => (
              <Anchor key={m.id} href={m.url} target="_blank" rel="noreferrer">
                <Image
                  src={m.miniatureUrl}
                  alt={`Reference ${i + 1}`}
                  radius="sm"
                  style={{ aspectRatio: '1', objectFit: 'cover' }}
                />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </div>
      {form.task.comment && (
        <Text size="sm">
          <Text span fw={600} size="sm">
            Sent back with:
          </Text>{' '}
          {form.task.comment}
        </Text>
      )}
      <Group justify="space-between">
        <Text fw={600}>Total</Text>
        <Text fw={700} fz="lg">
          {formatUsd(form.totalPrice)}
        </Text>
      </Group>
    </Stack>
  );
}
