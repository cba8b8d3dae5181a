import {
  ActionIcon,
  Button,
  Card,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_OPTIONS_MAX, PRICE_MAX, PRICE_MIN, type SectionType } from '@brushline/shared/cards/constants';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyOption, type CardDraft } from '../card-draft.ts';

type Form = UseFormReturnType<CardDraft>;

/** Up / down / remove buttons of a section or an option line; labelled for screen readers. */
function RowTools({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="light" color="red" aria-label={`Remove ${what}`} onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function OptionRow({ form, s, o, count }: { form: Form; s: number; o: number; count: number }) {
  const path = `sections.${s}.options.${o}`;
  const what = `option ${o + 1} of section ${s + 1}`;
  return (
    <Card withBorder padding="xs" role="group" aria-label={`Option ${o + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            Option {o + 1}
          </Text>
          <RowTools
            what={what}
            index={o}
            count={count}
            onMove={(delta) => form.reorderListItem(`sections.${s}.options`, { from: o, to: o + delta })}
            onRemove={() => form.removeListItem(`sections.${s}.options`, o)}
          />
        </Group>
        <Group align="flex-start" gap="xs" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput label="Option" miw={160} {...form.getInputProps(`${path}.option`)} />
          <NumberInput
            label="Price"
            prefix="$"
            min={PRICE_MIN}
            max={PRICE_MAX}
            decimalScale={2}
            miw={100}
            maw={160}
            {...form.getInputProps(`${path}.price`)}
          />
        </Group>
        <TextInput
          label="Additional note"
          description="Shown under the option, e.g. “per extra character”. It does not change the price."
          {...form.getInputProps(`${path}.additional`)}
        />
      </Stack>
    </Card>
  );
}

const TYPE_DATA: { label: string; value: SectionType }[] = [
  { label: 'One choice', value: 'radio' },
  { label: 'Several choices', value: 'checkbox' },
];

/** One section of the card: its title, its kind of choice and its option lines. */
export function SectionEditor({ form, s, count }: { form: Form; s: number; count: number }) {
  const section = form.values.sections[s]!;
  const optionsError = form.errors[`sections.${s}.options`];
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Section ${s + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>Section {s + 1}</Text>
          <RowTools
            what={`section ${s + 1}`}
            index={s}
            count={count}
            onMove={(delta) => form.reorderListItem('sections', { from: s, to: s + delta })}
            onRemove={() => form.removeListItem('sections', s)}
          />
        </Group>
        <TextInput label="Section title" {...form.getInputProps(`sections.${s}.title`)} />
        <Input.Wrapper
          label="Type"
          description={
            section.type === 'radio'
              ? 'The commissioner picks exactly one option (radio buttons).'
              : 'The commissioner picks any number of options (checkboxes).'
          }
        >
          <SegmentedControl
            mt={6}
            fullWidth
            data={TYPE_DATA}
            aria-label={`Type of section ${s + 1}`}
            {...form.getInputProps(`sections.${s}.type`)}
          />
        </Input.Wrapper>
        <Stack gap="xs">
          {section.options.map((option, o) => (
            <OptionRow key={option.key} form={form} s={s} o={o} count={section.options.length} />
          ))}
          {section.options.length === 0 && (
            <Text size="sm" c="dimmed">
              No options yet. Add at least one so commissioners have something to choose.
            </Text>
          )}
          {typeof optionsError === 'string' && (
            <Text size="sm" c="red">
              {optionsError}
            </Text>
          )}
        </Stack>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={section.options.length >= CARD_OPTIONS_MAX}
          onClick={() => form.insertListItem(`sections.${s}.options`, emptyOption())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
      </Stack>
    </Card>
  );
}
