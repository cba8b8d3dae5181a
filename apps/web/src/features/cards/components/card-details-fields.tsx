import { Card, Group, NumberInput, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CARD_DESCRIPTION_MAX,
  CARD_TERMS_MAX,
  CARD_TITLE_MAX,
  PRICE_MAX,
  PRICE_MIN,
  REVISIONS_INCLUDED_MAX,
  REVISIONS_INCLUDED_MIN,
} from '@brushline/shared/cards/constants';
import { AiLabelSelect } from '../../../components/ai-label-select.tsx';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { isEmptyOffer, type CardDraft } from '../card-draft.ts';
import { ImagePicker } from './image-picker.tsx';

/** Title, description, starting price, images and the two open flags of the card editor. */
export function CardDetailsFields({ form }: { form: UseFormReturnType<CardDraft> }) {
  const v = form.values;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3} fz="h4">
          Card
        </Title>
        <TextInput
          label="Title"
          placeholder="Untitled card"
          description={`${v.title.length}/${CARD_TITLE_MAX} · an empty title is saved as “Untitled card”`}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          description={`${v.infoProvidedByTheAuthor.length}/${CARD_DESCRIPTION_MAX} · what you draw, what you don't, how long it takes`}
          rows={6}
          resize="vertical"
          {...form.getInputProps('infoProvidedByTheAuthor')}
        />
        <Textarea
          label="Your terms"
          description={`${v.terms.length}/${CARD_TERMS_MAX} · optional: usage rights, payment, revisions, deadlines. Buyers see them before sending, and each order keeps a copy as it was then.`}
          rows={4}
          resize="vertical"
          {...form.getInputProps('terms')}
        />
        <AiLabelSelect
          value={v.aiLabel}
          onChange={(label) => form.setFieldValue('aiLabel', label)}
          error={typeof form.errors.aiLabel === 'string' ? form.errors.aiLabel : undefined}
        />
        <Switch
          label="Orders must include a description"
          description="Buyers cannot send a request from this card without saying what they would like."
          {...form.getInputProps('descriptionRequired', { type: 'checkbox' })}
        />
        <NumberInput
          label="Starting price"
          description="In USD, the only currency. Options add to it."
          prefix="$"
          min={PRICE_MIN}
          max={PRICE_MAX}
          decimalScale={2}
          maw={220}
          {...form.getInputProps('startingPrice')}
        />
        <NumberInput
          label="Revisions included"
          description={`How many times a commissioner may send the work back within the price (${REVISIONS_INCLUDED_MIN} to ${REVISIONS_INCLUDED_MAX}). Leave empty to not say.`}
          min={REVISIONS_INCLUDED_MIN}
          max={REVISIONS_INCLUDED_MAX}
          allowDecimal={false}
          allowNegative={false}
          // Not clamped silently: a number over the limit gets the schema's message instead.
          clampBehavior="none"
          maw={220}
          {...form.getInputProps('revisionsIncluded')}
        />
        <Group align="flex-start" gap="lg" wrap="wrap">
          <div style={{ flex: '2 1 260px' }}>
            <ImagePicker
              label="Banner"
              purpose="cardBanner"
              previewWidth={596}
              value={v.cardBanner}
              onChange={(m) => form.setFieldValue('cardBanner', m)}
            />
          </div>
          <div style={{ flex: '1 1 160px' }}>
            <ImagePicker
              label="Thumbnail"
              purpose="cardThumbnail"
              previewWidth={153}
              value={v.thumbnailPicture}
              onChange={(m) => form.setFieldValue('thumbnailPicture', m)}
            />
          </div>
        </Group>
        <Switch
          label="Card is open"
          description="Open cards are visible to everyone; a closed card (a draft, as every new card starts) only to you."
          checked={v.isOpenComission}
          onChange={(e) => {
            const open = e.currentTarget.checked;
            if (!open) {
              form.setFieldValue('isOpenComission', false);
              // SPEC §4: commissions can only be open on an open card.
              form.setFieldValue('isCommissionsOpen', false);
              return;
            }
            if (!isEmptyOffer(v)) {
              form.setFieldValue('isOpenComission', true);
              return;
            }
            openConfirmModal({
              title: 'Open a card with no price?',
              children: (
                <Text size="sm">
                  This card has no starting price and no priced options: everyone would see it as “from $0.00”
                  with nothing to choose. Open it anyway?
                </Text>
              ),
              labels: { confirm: 'Open anyway', cancel: 'Keep it closed' },
              onConfirm: () => form.setFieldValue('isOpenComission', true),
            });
          }}
        />
        <Switch
          label="Taking commissions"
          description={
            v.isOpenComission
              ? 'When off, the card stays visible but shows “Comission is closed” and cannot be ordered.'
              : 'Open the card first: a closed card cannot take commissions.'
          }
          disabled={!v.isOpenComission}
          checked={v.isCommissionsOpen && v.isOpenComission}
          onChange={(e) => form.setFieldValue('isCommissionsOpen', e.currentTarget.checked)}
          error={form.errors.isCommissionsOpen}
        />
      </Stack>
    </Card>
  );
}
