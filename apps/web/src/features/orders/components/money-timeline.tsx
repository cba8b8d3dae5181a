import { Box, Stack, Text } from '@mantine/core';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { formatDateTime } from '../../../lib/format-date.ts';
import { timelineText } from '../money-text.ts';
import { WRAP } from './payment-part-row.tsx';

/** The order's money timeline, folded: every request, payment, refund and date change with who and when. */
export function MoneyTimeline({ money }: { money: OrderMoney }) {
  if (money.timeline.length === 0) return null;
  return (
    <Box component="details">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
        Money timeline ({money.timeline.length})
      </Text>
      <Stack gap={6} mt="xs" role="list" aria-label="Money timeline">
        {money.timeline.map((e) => (
          <Stack
            key={e.id}
            gap={0}
            role="listitem"
            pl="sm"
            style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" style={WRAP}>
              {timelineText(e, money.parts)}
            </Text>
            {e.note && (
              <Text size="sm" c="dimmed" style={WRAP}>
                {e.note}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {e.by ? `${e.by.displayName} · ` : ''}
              {formatDateTime(e.createdAt)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
