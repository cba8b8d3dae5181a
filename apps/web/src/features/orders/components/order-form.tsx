import { Alert, Button, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { boardMessages } from '@brushline/shared/board/messages';
import { choiceMessages } from '@brushline/shared/cards/messages';
import { computeTotal, resolveChoice } from '@brushline/shared/cards/pricing';
import type { Card } from '@brushline/shared/cards/schemas';
import { FORM_DESCRIPTION_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import { paths } from '@brushline/shared/paths';
import { toast } from '../../../lib/toast.ts';
import { cardKeys } from '../../cards/api/card-queries.ts';
import { CardView } from '../../cards/components/card-view.tsx';
import { chosenOf, type Picks } from '../../cards/picks.ts';
import { useSendForm } from '../api/order-queries.ts';
import { useReferenceUploads } from '../use-reference-uploads.ts';
import { OrderReview } from './order-review.tsx';
import { ReferencePicker } from './reference-picker.tsx';

/** A radio section with options needs its one choice before the form can go (the server checks too). */
function missingChoices(card: Card, picks: Picks): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const s of card.sections) {
    if (s.type === 'radio' && s.options.length > 0 && (picks[s.key] ?? []).length === 0) {
      errors[s.key] = choiceMessages.radioNeedsOne(s.title);
    }
  }
  return errors;
}

/** The commission form of a card: choices with the live total, a description and references. */
export function OrderForm({
  card,
  initialPicks = {},
  onCancel,
}: {
  card: Card;
  initialPicks?: Picks;
  onCancel?: () => void;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const sendForm = useSendForm();
  const uploads = useReferenceUploads();
  const [picks, setPicks] = useState<Picks>(initialPicks);
  const descriptionId = useId();
  const [description, setDescription] = useState('');
  const [showInQueue, setShowInQueue] = useState(false);
  const [sectionErrors, setSectionErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  // The look back: the choice checked, waiting for the final "Send request".
  const [reviewing, setReviewing] = useState(false);
  const tooLong = description.length > FORM_DESCRIPTION_MAX;
  const [missingDescription, setMissingDescription] = useState(false);

  const choose = (next: Picks) => {
    setPicks(next);
    if (Object.keys(sectionErrors).length > 0) setSectionErrors(missingChoices(card, next));
  };

  /** Checks the form and, when it can go, shows the look back. */
  const review = () => {
    setAlert(null);
    const missing = missingChoices(card, picks);
    setSectionErrors(missing);
    const [firstMissing] = Object.keys(missing);
    if (firstMissing !== undefined) {
      // The button is below every section: show the first one that still needs a choice.
      // (Keys are [A-Za-z0-9_-] by the card schema, safe inside a quoted attribute selector.)
      const box = document.querySelector<HTMLElement>(`[data-section-key="${firstMissing}"]`);
      box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      box?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      return;
    }
    if (card.descriptionRequired && description.trim() === '') {
      setMissingDescription(true);
      document.getElementById(descriptionId)?.focus();
      return;
    }
    if (tooLong) return;
    setReviewing(true);
    window.scrollTo({ top: 0 });
  };

  const send = () => {
    setAlert(null);
    const chosen = chosenOf(picks);
    sendForm.mutate(
      {
        cardUUID: card.uuid,
        description,
        references: uploads.mediaIds,
        chosen,
        totalPrice: computeTotal(card, chosen),
        showInQueue,
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          void navigate(paths.crmOutgoing);
        },
        onError: (err) => {
          toast.error(err.message);
          setAlert(err.message);
          setReviewing(false);
          // The card may have changed (price, options, closed): show what it is now.
          void qc.invalidateQueries({ queryKey: cardKeys.byUuid(card.uuid) });
        },
      },
    );
  };

  if (reviewing) {
    const chosen = chosenOf(picks);
    const choice = resolveChoice(card, chosen);
    return (
      <OrderReview
        card={card}
        lines={choice.ok ? choice.lines : []}
        total={computeTotal(card, chosen)}
        description={description}
        references={uploads.items.flatMap((it) => (it.media ? [it.media] : []))}
        sending={sendForm.isPending}
        onBack={() => setReviewing(false)}
        onSend={send}
      />
    );
  }

  return (
    <CardView
      card={card}
      headingOrder={1}
      picks={picks}
      onPicksChange={choose}
      sectionErrors={sectionErrors}
      footer={
        <Stack gap="md">
          <Textarea
            id={descriptionId}
            label="Description"
            withAsterisk={card.descriptionRequired}
            description={`${description.length}/${FORM_DESCRIPTION_MAX} · what you would like, in your own words${card.descriptionRequired ? ' (the artist asks for it)' : ''}`}
            rows={5}
            resize="vertical"
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              if (e.currentTarget.value.trim() !== '') setMissingDescription(false);
            }}
            error={
              tooLong
                ? orderMessages.descriptionTooLong
                : missingDescription
                  ? orderMessages.descriptionRequired
                  : undefined
            }
          />
          <ReferencePicker uploads={uploads} />
          <Checkbox
            label={boardMessages.showInQueueLabel}
            description={boardMessages.showInQueueHint}
            checked={showInQueue}
            onChange={(e) => setShowInQueue(e.currentTarget.checked)}
          />
          {alert && (
            <Alert color="red" role="alert" title="The request was not sent">
              {alert}
            </Alert>
          )}
          {Object.keys(sectionErrors).length > 0 && (
            <Alert color="orange" role="alert">
              Some sections still need a choice: see the messages above.
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Back
              </Button>
            )}
            <Button
              onClick={review}
              disabled={uploads.busy}
              title={uploads.busy ? 'Wait until the references are uploaded' : undefined}
            >
              Review request
            </Button>
          </Group>
        </Stack>
      }
    />
  );
}
