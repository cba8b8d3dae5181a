import { Card, Group, NumberInput, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CARD_DESCRIPTION_MAX,
  CARD_TITLE_MAX,
  PRICE_MAX,
  PRICE_MIN,
} from '@brushline/shared/cards/constants';
import type { CardDraft } from '../card-draft.ts';
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
          description="Open cards are visible to everyone; a closed card only to you."
          checked={v.isOpenComission}
          onChange={(e) => {
            const open = e.currentTarget.checked;
            form.setFieldValue('isOpenComission', open);
            // SPEC §4: commissions can only be open on an open card.
            if (!open) form.setFieldValue('isCommissionsOpen', false);
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
