import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { boardMessages } from '@brushline/shared/board/messages';
import { slotsQuery } from '../api/board-queries.ts';
import { slotsText } from '../queue-text.ts';

/**
 * The artist's open slots on the commission page (decision 0014): "2 of 5 slots open", or, when none
 * is open, that a request sent now joins the waitlist. Nothing while loading or when the artist set
 * no slots (a failed read shows nothing either: ordering does not depend on it).
 */
export function SlotsNote({ login }: { login: string }) {
  const { data } = useQuery(slotsQuery(login));
  if (!data) return null;
  if (data.openSlots === 0) {
    return (
      <Alert color="orange" title="Waitlist">
        {boardMessages.waitlistNotice}
      </Alert>
    );
  }
  const text = slotsText(data.slots, data.openSlots);
  return text ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}
