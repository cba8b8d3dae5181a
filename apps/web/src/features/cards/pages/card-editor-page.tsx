import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { cardBodySchema, type Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { fieldErrors } from '@brushline/shared/validation';
import { deliveryDaysSchema, paymentPlanSchema } from '@brushline/shared/payments/schemas';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/session.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { cardQuery, useCreateCard, useUpdateCard } from '../api/card-queries.ts';
import {
  bodyOf,
  draftOf,
  planOf,
  emptyDraft,
  previewSections,
  previewStartingPrice,
  type CardDraft,
} from '../card-draft.ts';
import { CardDetailsFields } from '../components/card-details-fields.tsx';
import { GalleryFolderPicker } from '../../gallery/components/gallery-folder-picker.tsx';
import { CardView } from '../components/card-view.tsx';
import { SectionsEditor } from '../components/sections-editor.tsx';
import { PaymentFields } from '../components/payment-fields.tsx';
import { PayoutNotice, PayoutsLink } from '../components/payout-notice.tsx';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard.ts';

/** /crm/cards/card-create: a new card. */
export function CardCreatePage() {
  return <CardEditor card={null} />;
}

/** /crm/cards/card-edit?uuid=… (or /crm/cards/card-edit/{uuid}): one of the artist's cards. */
export function CardEditPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const uuid = params.uuid ?? search.get('uuid') ?? '';
  const { user } = useSession();
  const { data: card, error, isPending, refetch } = useQuery({ ...cardQuery(uuid), enabled: uuid !== '' });

  if (uuid === '') return <NotFoundPage what="card" />;
  if (isPending) return <LoadingState label="Loading card" />;
  // Someone else's card is not editable here: answer as if it did not exist.
  if ((error instanceof ApiError && error.status === 404) || (card && card.ownerId !== user?.id)) {
    return <NotFoundPage what="card" />;
  }
  if (!card) {
    return (
      <ErrorState
        title="Could not load this card"
        message={error?.message ?? 'Please try again in a moment'}
        onRetry={refetch}
      />
    );
  }
  // Keyed by uuid and save time: the form starts again from what the server holds.
  return <CardEditor key={`${card.uuid}:${card.updatedAt}`} card={card} />;
}

function CardEditor({ card }: { card: Card | null }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateCard();
  const update = useUpdateCard();
  // A refusal from the server carries SPEC §8's title; a check in the browser has its own.
  // `payouts`: the server refused to open the card until the artist's Stripe account can receive money.
  const [alert, setAlert] = useState<{ title: string; text: string; payouts?: boolean } | null>(null);
  const form = useForm<CardDraft>({
    initialValues: card ? draftOf(card) : emptyDraft(),
    validate: (values) => fieldErrors(cardBodySchema, bodyOf(values)),
  });
  const guard = useUnsavedGuard(form.isDirty(), 'this card');
  const saving = create.isPending || update.isPending;

  const done = (message: string) => {
    toast.success(message);
    guard.allowNext();
    void navigate(paths.crmCards);
  };
  const failed = (toastMessage: string) => (err: Error) => {
    toast.error(toastMessage);
    setAlert({
      title: toastMessage,
      text: applyServerError(err, form.setFieldError) ?? err.message,
      payouts: err instanceof ApiError && err.code === 'payout_account_required',
    });
  };

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      const body = bodyOf(values);
      if (card) {
        update.mutate(
          { ...body, uuid: card.uuid },
          { onSuccess: (r) => done(r.message), onError: failed(messages.cardSaveFailed) },
        );
      } else {
        create.mutate(body, {
          onSuccess: (r) => done(r.message),
          onError: failed(messages.cardCreateFailed),
        });
      }
    },
    () => {
      setAlert({
        title: 'Some fields need a fix',
        text: 'The messages next to them say what to change. Nothing was saved yet.',
      });
      // The Save button may be far from the field in question (the bottom one on a phone):
      // take the user to the first field that needs a fix.
      requestAnimationFrame(() => {
        const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
        field?.scrollIntoView({ block: 'center' });
        field?.focus({ preventScroll: true });
      });
    },
  );

  const values = form.values;
  const preview = {
    title: values.title,
    cardBanner: values.cardBanner,
    thumbnailPicture: values.thumbnailPicture,
    startingPrice: previewStartingPrice(values),
    revisionsIncluded:
      values.revisionsIncluded === '' || !Number.isInteger(Number(values.revisionsIncluded))
        ? null
        : Number(values.revisionsIncluded),
    infoProvidedByTheAuthor: values.infoProvidedByTheAuthor,
    terms: values.terms.trim(),
    sections: previewSections(values),
    // Half-typed plans and days stay out of the preview until they are valid.
    paymentPlan: paymentPlanSchema.safeParse(planOf(values.paymentPlan)).data ?? null,
    aiLabel: values.aiLabel,
    deliveryDays:
      values.deliveryDays === ''
        ? null
        : (deliveryDaysSchema.safeParse(Number(values.deliveryDays)).data ?? null),
    owner: user
      ? {
          login: user.displayLogin,
          displayName: user.displayName,
          avatarMiniatureUrl: user.userProfileStore.profilePicture?.miniaturePath ?? null,
        }
      : null,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            {card ? 'Edit card' : 'Create card'}
          </Title>
          <Group gap="xs">
            <Button variant="default" component={Link} to={paths.crmCards}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {card ? 'Save changes' : 'Create card'}
            </Button>
          </Group>
        </Group>
        {card && <StaffHiddenNotice reason={card.hiddenByStaff} what="card" />}
        {alert && (
          <Alert color="red" role="alert" title={alert.title}>
            {alert.text} {alert.payouts && <PayoutsLink />}
          </Alert>
        )}
        {!alert?.payouts && <PayoutNotice />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <CardDetailsFields form={form} />
              <GalleryFolderPicker
                value={form.values.galleryFolder}
                onChange={(id) => form.setFieldValue('galleryFolder', id)}
              />
              <SectionsEditor form={form} />
              <PaymentFields form={form} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs" pos="sticky" top={72} component="aside" aria-label="Preview">
              <Title order={3} fz="h4">
                Preview
              </Title>
              <Text size="sm" c="dimmed">
                This is how commissioners see the card. Try the options: the total follows.
              </Text>
              <CardView card={preview} />
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {card ? 'Save changes' : 'Create card'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
