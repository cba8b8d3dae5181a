import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ratingText } from '@brushline/shared/reviews/messages';
import { ratingLabel } from '../../../components/rating-stars.tsx';
import { reputationQuery } from '../../users/api/user-queries.ts';

/**
 * A commissioner's record as a buyer, for the artist deciding on their request (decision 0023):
 * "3 orders done · 4.5 ★", or "First order here". Read when shown, once per login however many
 * places show it; nothing while it loads or when it cannot be read, so no list waits for it.
 */
export function BuyerRecord({ login }: { login: string }) {
  const { data } = useQuery(reputationQuery(login));
  if (!data) return null;
  const { ordersDone, rating } = data.asBuyer;
  return (
    <Text size="xs" c="dimmed">
      {ordersDone === 0 && !rating ? (
        'First order here'
      ) : (
        <>
          {ordersDone} {ordersDone === 1 ? 'order' : 'orders'} done
          {rating && (
            <>
              {' · '}
              <span role="img" aria-label={ratingLabel(rating)}>
                {ratingText(rating.average)} ★
              </span>
            </>
          )}
        </>
      )}
    </Text>
  );
}
