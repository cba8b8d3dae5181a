import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd, fromCents, toCents } from '@brushline/shared/cards/pricing';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { formatDate } from '../../../lib/format-date.ts';
import { ArtistTerms } from '../../cards/components/card-view.tsx';
import { OptionLines } from './option-lines.tsx';
import { StatusBadge } from './status-badge.tsx';
import { WholePicture } from '../../../components/whole-picture.tsx';

/** Details modals are titled with the card title: a long one wraps instead of running off. */
export const formModalStyles = { title: { fontWeight: 600, overflowWrap: 'anywhere' as const, minWidth: 0 } };

/**
 * The card's starting price when the form was sent. The form stores only the total and the chosen
 * options, so it is what is left of the total after the options (in cents, to stay exact).
 */
function startingPriceOf(form: SentForm): number {
  const options = form.sendComissionCardOptions.reduce(
    (sum, section) => sum + section.options.reduce((s, o) => s + toCents(o.price), 0),
    0,
  );
  return fromCents(Math.max(0, toCents(form.totalPrice) - options));
}

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
        <Title order={3} fz="md" mb={4}>
          Chosen options
        </Title>
        <OptionLines startingPrice={startingPriceOf(form)} sections={form.sendComissionCardOptions} />
      </div>
      <div>
        <Title order={3} fz="md" mb={4}>
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
        <Title order={3} fz="md" mb={4}>
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
                <WholePicture src={m.miniatureUrl} alt={`Reference ${i + 1}`} />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </div>
      {form.terms && <ArtistTerms terms={form.terms} title="Artist's terms, as accepted when sent" />}
      {form.task.comment && (
        <Text size="sm">
          <Text span fw={600} size="sm">
            Sent back with:
          </Text>{' '}
          {form.task.comment}
        </Text>
      )}
      <Group
        justify="space-between"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={600}>Total</Text>
        <Text fw={700} fz="lg">
          {formatUsd(form.totalPrice)}
        </Text>
      </Group>
    </Stack>
  );
}
