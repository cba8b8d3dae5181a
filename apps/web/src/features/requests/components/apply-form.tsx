import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { messages } from '@brushline/shared/messages';
import { paths } from '@brushline/shared/paths';
import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_REFERENCES_MAX,
  REQUEST_PRICE_MAX,
} from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import { clampPrice } from '@brushline/shared/requests/pricing';
import type { Application, Request } from '@brushline/shared/requests/schemas';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { toast } from '../../../lib/toast.ts';
import { ownCardsQuery } from '../../cards/api/card-queries.ts';
import { ReferencePicker } from '../../orders/components/reference-picker.tsx';
import { useReferenceUploads } from '../../orders/use-reference-uploads.ts';
import { useApply } from '../api/request-queries.ts';

/**
 * An artist's application to a public request (decision 0018): one of their open cards (shown with
 * its banner), a comment, an offered price (SPEC §5 clamping; below the request's minimum is
 * allowed and flagged) and references. With `pending` set it updates that application.
 */
export function ApplyForm({ request, pending }: { request: Request; pending: Application | null }) {
  const cards = useQuery(ownCardsQuery);
  const apply = useApply();
  const uploads = useReferenceUploads('reference', APPLICATION_REFERENCES_MAX);
  const [cardUUID, setCardUUID] = useState<string | null>(pending?.sendComissionCard?.uuid ?? null);
  const [comment, setComment] = useState(pending?.comment ?? '');
  // Empty until the artist names a price: starting at the buyer's maximum offered it for them.
  const [price, setPrice] = useState<number | string>(pending?.offeredPrice ?? '');
  const [tried, setTried] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  if (cards.isPending) return <LoadingState label="Loading your commission cards" py="md" />;
  if (cards.isError) {
    return (
      <ErrorState
        title="Could not load your commission cards"
        message={cards.error.message}
        onRetry={cards.refetch}
      />
    );
  }
  const open = cards.data.filter((c) => c.isOpenComission && c.isCommissionsOpen);
  if (open.length === 0) {
    return (
      <Alert color="blue" title="You need an open commission card">
        <Text size="sm">
          An application is sent with one of your commission cards that takes commissions.{' '}
          <Anchor component={Link} to={paths.crmCards} size="sm">
            Open or create a card
          </Anchor>{' '}
          and come back.
        </Text>
      </Alert>
    );
  }

  // One open card: it is the choice.
  const chosen = cardUUID ?? (open.length === 1 ? open[0]!.uuid : null);
  const offered = typeof price === 'number' ? clampPrice(price) : null;
  const below = offered !== null && offered < request.priceMin;
  const tooLong = comment.length > APPLICATION_COMMENT_MAX;
  const priceError = price === '' ? requestMessages.offerRequired : requestMessages.priceInvalid;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setTried(true);
    if (!chosen) setCardError(requestMessages.cardNotYours);
    if (!chosen || offered === null || tooLong || uploads.busy) return;
    apply.mutate(
      {
        guid: request.guid,
        body: { cardUUID: chosen, comment, offeredPrice: offered, references: uploads.mediaIds },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          if (!r.delivered) toast.info(messages.applicationLiveFailed);
          uploads.clear();
        },
        onError: (err) => {
          toast.error(messages.applicationAnswerFailed);
          setAlert(err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Apply to this request">
      <Stack gap="md">
        <Radio.Group
          label="Commission card"
          description="The card the commissioner orders from if they approve"
          value={chosen}
          onChange={(v) => {
            setCardUUID(v);
            setCardError(null);
          }}
          error={cardError}
          withAsterisk
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
            {open.map((c) => (
              <Radio.Card key={c.uuid} value={c.uuid} p="xs" radius="md">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  {c.cardBanner && (
                    <Image src={c.cardBanner.miniatureUrl} alt="" w={56} h={56} radius="sm" fit="cover" />
                  )}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {c.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      from {formatUsd(c.startingPrice)}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <NumberInput
          label="Offered price (USD)"
          description={`The request's budget: ${formatUsd(request.priceMin)} – ${formatUsd(request.priceMax)}`}
          min={0}
          max={REQUEST_PRICE_MAX}
          decimalScale={2}
          clampBehavior="blur"
          prefix="$"
          thousandSeparator=","
          value={price}
          onChange={setPrice}
          onBlur={() => typeof price === 'number' && setPrice(clampPrice(price))}
          placeholder="Your price"
          error={offered === null && (tried || price !== '') ? priceError : undefined}
          withAsterisk
        />
        {below && (
          <Text size="sm" c="orange.9" role="status">
            {requestMessages.belowMinimum(formatUsd(request.priceMin))}: allowed, and the commissioner sees
            it.
          </Text>
        )}
        <Textarea
          label="Comment"
          description={`${comment.length}/${APPLICATION_COMMENT_MAX} · why you, how you would do it`}
          rows={4}
          resize="vertical"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={tooLong ? requestMessages.commentTooLong : undefined}
        />
        <ReferencePicker uploads={uploads} hint="examples of your work for this request." />
        {alert && (
          <Alert color="red" role="alert" title="The application was not sent">
            {alert}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={apply.isPending}
            disabled={uploads.busy}
            title={uploads.busy ? 'Wait until the references are uploaded' : undefined}
          >
            {pending ? 'Update application' : 'Apply'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
