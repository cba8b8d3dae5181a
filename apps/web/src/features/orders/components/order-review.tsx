import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChosenLine } from '@brushline/shared/cards/pricing';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { Card as CommissionCard } from '@brushline/shared/cards/schemas';
import type { Media } from '@brushline/shared/media/schemas';
import { deliveryTimeText } from '@brushline/shared/payments/due-when';
import { ArtistTerms, DueWhen } from '../../cards/components/card-view.tsx';
import { OptionLines } from './option-lines.tsx';
import { WholePicture } from '../../../components/whole-picture.tsx';

/**
 * The look back before a commission request goes: what was chosen and what it costs, the
 * description and the references as the artist will get them. Sending is one more click.
 */
export function OrderReview({
  card,
  lines,
  total,
  description,
  references,
  sending,
  onBack,
  onSend,
}: {
  card: CommissionCard;
  lines: ChosenLine[];
  total: number;
  description: string;
  references: Media[];
  sending: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="order-review-title">
      <Stack gap="md">
        <div>
          {/* It stands in for the card on the commission page: the page's one h1. */}
          <Title order={1} fz="h3" id="order-review-title">
            Check your request
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {card.title} by {card.owner.displayName} (@{card.owner.login}). Nothing is sent until you press
            Send request.
          </Text>
        </div>
        <div>
          <Title order={2} fz="md" mb={4}>
            Options
          </Title>
          <OptionLines startingPrice={card.startingPrice} sections={lines} />
        </div>
        <div>
          <Title order={2} fz="md" mb={4}>
            Description
          </Title>
          {description.trim() ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          ) : (
            <Alert color="orange" p="xs">
              No description: the artist gets only your choices. Go back to say what you would like.
            </Alert>
          )}
        </div>
        <div>
          <Title order={2} fz="md" mb={4}>
            References ({references.length})
          </Title>
          {references.length === 0 ? (
            <Text size="sm" c="dimmed">
              No references attached.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 4, sm: 6 }} spacing="xs">
              {references.map((m, i) => (
                <WholePicture key={m.id} src={m.miniatureUrl} alt={`Reference ${i + 1}`} />
              ))}
            </SimpleGrid>
          )}
        </div>
        {card.terms && (
          <div>
            <ArtistTerms terms={card.terms} />
            <Text size="sm" mt={4}>
              By sending this request you accept these terms. Your order keeps a copy of them as they are now.
            </Text>
          </div>
        )}
        <Group
          justify="space-between"
          pt="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={600}>Total</Text>
          <Text fw={700} fz="lg" data-testid="review-total">
            {formatUsd(total)}
          </Text>
        </Group>
        <DueWhen plan={card.paymentPlan} total={total} />
        {deliveryTimeText(card.deliveryDays) && (
          <Text size="sm" c="dimmed">
            {deliveryTimeText(card.deliveryDays)}: the order page shows the due date once the artist accepts.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack} disabled={sending}>
            Back to edit
          </Button>
          <Button onClick={onSend} loading={sending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
