import { Alert, Button, Card, Group, Input, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { OrderPerson } from '@brushline/shared/orders/schemas';
import { REVIEW_ANSWER_MAX, REVIEW_STARS_MAX, REVIEW_TEXT_MAX } from '@brushline/shared/reviews/constants';
import {
  reviewAnswerBodySchema,
  reviewBodySchema,
  type OrderReviews as OrderReviewsData,
  type Review,
} from '@brushline/shared/reviews/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ReviewItem } from '../../../components/review-item.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { orderReviewsQuery, useAnswerReview, useReviewOrder } from '../api/review-queries.ts';

/** A refusal the section shows above its forms: it stays when a refetch takes the form away. */
type OnRefused = (message: string | null) => void;

const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

function ReviewForm({
  formId,
  other,
  reviewUntil,
  onRefused,
}: {
  formId: number;
  other: OrderPerson;
  reviewUntil: string | null;
  onRefused: OnRefused;
}) {
  const review = useReviewOrder(formId);
  const starsId = useId();
  const form = useForm({
    initialValues: { stars: 0, text: '' },
    validate: (v) => fieldErrors(reviewBodySchema, v),
  });
  const starsError = form.errors.stars;
  const submit = form.onSubmit((v) => {
    onRefused(null);
    review.mutate(
      { stars: v.stars, text: v.text.trim() },
      {
        onSuccess: (saved) => toast.success(saved.message),
        onError: (err) => onRefused(applyServerError(err, form.setFieldError)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Your review is published on {other.displayName}’s profile and cannot be edited.
          {reviewUntil && ` You can review until ${formatDate(reviewUntil)}.`}
        </Text>
        <Input.Wrapper id={starsId} labelElement="div" label="Your rating" required error={starsError}>
          <Rating
            count={REVIEW_STARS_MAX}
            size="lg"
            value={form.values.stars}
            onChange={(n) => form.setFieldValue('stars', n)}
            getSymbolLabel={starsLabel}
            role="radiogroup"
            aria-labelledby={`${starsId}-label`}
            aria-describedby={starsError ? `${starsId}-error` : undefined}
            aria-invalid={starsError ? true : undefined}
            aria-required
            // Mantine's Rating only previews the star the arrow keys reach, until Space; a radio
            // group chooses as the arrows move (WAI-ARIA radio group), so keyboards choose here.
            onChangeCapture={(e) => form.setFieldValue('stars', Number((e.target as HTMLInputElement).value))}
            mt={4}
          />
        </Input.Wrapper>
        <Textarea
          label="Your review (optional)"
          description={`${form.values.text.length}/${REVIEW_TEXT_MAX} characters`}
          rows={3}
          resize="vertical"
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={review.isPending}>
            Publish review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Answer" under a review of the reader, opening a small form in place. */
function AnswerBox({ review, formId, onRefused }: { review: Review; formId: number; onRefused: OnRefused }) {
  const answer = useAnswerReview(formId);
  const [writing, setWriting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  const form = useForm({
    initialValues: { text: '' },
    validate: (v) => fieldErrors(reviewAnswerBodySchema, v),
  });
  // Back to the button that opened the form, not to the top of the page.
  useEffect(() => {
    if (!writing && closed.current) button.current?.focus();
  }, [writing]);
  const close = () => {
    form.reset();
    closed.current = true;
    setWriting(false);
  };

  if (!writing)
    return (
      <Group>
        <Button ref={button} size="xs" variant="default" onClick={() => setWriting(true)}>
          Answer
        </Button>
      </Group>
    );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        onRefused(null);
        answer.mutate(
          { reviewId: review.id, text: v.text.trim() },
          {
            onSuccess: (saved) => toast.success(saved.message),
            onError: (err) => onRefused(applyServerError(err, form.setFieldError)),
          },
        );
      })}
    >
      <Stack gap="xs">
        <Textarea
          label="Your answer"
          description={`${form.values.text.length}/${REVIEW_ANSWER_MAX} · Shown under the review, on your profile too. It cannot be edited.`}
          rows={3}
          resize="vertical"
          autoFocus
          {...form.getInputProps('text')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={close} disabled={answer.isPending}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={answer.isPending}>
            Publish answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReviewsBody({
  data,
  formId,
  other,
}: {
  data: OrderReviewsData;
  formId: number;
  other: OrderPerson;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mine, theirs, canReview, reviewUntil } = data;
  return (
    <Stack gap="md">
      {refusal && (
        <Alert color="red" role="alert" title="Nothing was published">
          {refusal}
        </Alert>
      )}
      {(canReview || mine) && (
        <Stack gap="xs">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            Your review of {other.displayName}
          </Title>
          {mine ? (
            <ReviewItem review={mine} />
          ) : (
            <ReviewForm formId={formId} other={other} reviewUntil={reviewUntil} onRefused={setRefusal} />
          )}
        </Stack>
      )}
      {!canReview && !mine && reviewUntil && (
        <Text size="sm" c="dimmed">
          Reviews of this order closed on {formatDate(reviewUntil)}.
        </Text>
      )}
      {theirs && (
        <Stack gap="xs">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {other.displayName}’s review of you
          </Title>
          <ReviewItem review={theirs}>
            {theirs.answer === null && theirs.hiddenByStaff === null && (
              <AnswerBox review={theirs} formId={formId} onRefused={setRefusal} />
            )}
          </ReviewItem>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The order page's Reviews (decision 0023), once the order is done: the reader's review of the other
 * side (a form while they may still write it), the other side's review of them with their answer.
 * A failed load says so here and leaves the rest of the page as it is.
 */
export function OrderReviews({ formId, other }: { formId: number; other: OrderPerson }) {
  const query = useQuery(orderReviewsQuery(formId));
  let body;
  if (query.data) body = <ReviewsBody data={query.data} formId={formId} other={other} />;
  else if (query.error)
    body = (
      <ErrorState
        title="Could not load the reviews"
        message={`${query.error.message}. The rest of the order is on this page.`}
        onRetry={query.refetch}
      />
    );
  else body = <LoadingState label="Loading the reviews" py="md" />;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="reviews-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="reviews-title">
          Reviews
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
