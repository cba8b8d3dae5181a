import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { ReportButton } from '../../../components/report-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import { isUuid } from '@brushline/shared/uuid-pattern';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ReputationLine } from '../../../components/reputation-line.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { SlotsNote } from '../../board/components/slots-note.tsx';
import { cardQuery } from '../../cards/api/card-queries.ts';
import { CardView } from '../../cards/components/card-view.tsx';
import { CardExamples } from '../../gallery/components/card-examples.tsx';
import { reputationQuery } from '../../users/api/user-queries.ts';
import type { Picks } from '../../cards/picks.ts';
import { keepPicks, takePicks } from '../picks-across-sign-in.ts';

// The form (its fields, uploads and checks) loads when someone starts an order, not with the card:
// most visitors only look, and a phone should not download and run it to show the card.
const loadOrderForm = () => import('../components/order-form.tsx');
const OrderForm = lazy(async () => ({ default: (await loadOrderForm()).OrderForm }));

function Missing() {
  usePageTitle(messages.comissionMissing);
  return (
    <Stack align="center" py={48} gap="sm" ta="center">
      <Title order={1} fz="h2">
        {messages.comissionMissing}
      </Title>
      <Text c="dimmed" maw={420}>
        The card may have been closed or deleted by its artist, or the link is mistyped.
      </Text>
      <Button component={Link} to={paths.home} variant="light">
        Go to the home page
      </Button>
    </Stack>
  );
}

/** What the artist is told on their own card: who can see it and whether it can be ordered. */
function ownerNote(card: Card): string {
  if (!card.isOpenComission) {
    return 'This is your card. It is closed, so only you can see it: open it in the editor to show it to commissioners.';
  }
  if (!card.isCommissionsOpen) {
    return `This is your card, as commissioners see it, except that they get “${messages.comissionClosed}” instead of an order button.`;
  }
  return 'This is your card, as commissioners see it. You can try the options; the total follows.';
}

/**
 * /commission/{uuid} and /comission-form/{uuid} (SPEC §2): a commission card and how to order
 * it. `openForm` (the second path) opens straight at the order form.
 */
export function CommissionPage({ openForm = false }: { openForm?: boolean }) {
  const { uuid = '' } = useParams();
  const { user, isPending: sessionPending } = useSession();
  const valid = isUuid(uuid);
  const { data: card, error, isPending, refetch } = useQuery({ ...cardQuery(uuid), enabled: valid });
  const artist = card?.owner.login ?? '';
  // The artist's record under their name; a failed read shows nothing (ordering does not depend on it).
  const reputation = useQuery({ ...reputationQuery(artist), enabled: artist !== '' });
  const [ordering, setOrdering] = useState(openForm);
  usePageTitle(card && (ordering ? `Order: ${card.title}` : card.title));
  // Choices made before pressing "Order" carry over into the form, and through signing in.
  const [picks, setPicks] = useState<Picks>(() => takePicks(uuid));

  if (!valid || (error instanceof ApiError && error.status === 404)) return <Missing />;
  if (isPending || sessionPending) return <LoadingState label="Loading commission" />;
  if (!card) {
    return (
      <ErrorState
        title="Could not load this commission"
        message={error?.message ?? 'Please try again in a moment'}
        onRetry={refetch}
      />
    );
  }

  const isOwner = user?.id === card.ownerId;
  const byline = reputation.data && <ReputationLine login={artist} record={reputation.data.asArtist} />;
  let body;
  if (isOwner) {
    body = (
      <CardView
        card={card}
        headingOrder={1}
        byline={byline}
        footer={
          <Stack gap="xs">
            <Alert color="blue">{ownerNote(card)}</Alert>
            <Button component={Link} to={toPath('crmCardEdit', { uuid: card.uuid })}>
              Edit card
            </Button>
          </Stack>
        }
      />
    );
  } else if (!card.isCommissionsOpen) {
    body = (
      <CardView
        card={card}
        headingOrder={1}
        byline={byline}
        footer={
          <Alert color="gray" title={messages.comissionClosed}>
            The artist is not taking orders on this card right now. Check again later.
          </Alert>
        }
      />
    );
  } else if (!user) {
    body = (
      <CardView
        card={card}
        headingOrder={1}
        byline={byline}
        picks={picks}
        onPicksChange={setPicks}
        footer={
          <Button
            component={Link}
            to={paths.login}
            // Back at the order form after signing in, with the options chosen here.
            state={{ from: toPath('commissionForm', { uuid: card.uuid }) }}
            onClick={() => keepPicks(card.uuid, picks)}
            size="md"
          >
            Login to order
          </Button>
        }
      />
    );
  } else if (ordering) {
    body = (
      <Suspense fallback={<LoadingState label="Loading the order form" />}>
        <OrderForm
          card={card}
          initialPicks={picks}
          onCancel={openForm ? undefined : () => setOrdering(false)}
        />
      </Suspense>
    );
  } else {
    body = (
      <CardView
        card={card}
        headingOrder={1}
        byline={byline}
        picks={picks}
        onPicksChange={setPicks}
        footer={
          <Button
            size="md"
            onClick={() => setOrdering(true)}
            // On the way to the button, the form is likely wanted: fetch it before the click.
            onPointerEnter={() => void loadOrderForm()}
            onFocus={() => void loadOrderForm()}
          >
            Order this commission
          </Button>
        }
      />
    );
  }
  return (
    <Container size="sm" px={0}>
      <Stack gap="sm">
        {/* Open slots, or that a request sent now joins the waitlist (decision 0014). */}
        {!isOwner && card.isCommissionsOpen && <SlotsNote login={card.owner.login} />}
        {body}
        <CardExamples folder={card.galleryFolder} owner={card.owner} />
        {user && !isOwner && (
          <Group justify="flex-end">
            <ReportButton targetKind="card" targetId={card.uuid} variant="button" />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
