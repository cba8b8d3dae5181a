import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_SECTIONS_MAX } from '@brushline/shared/cards/constants';
import { IconPlus } from '@tabler/icons-react';
import { emptySection, type CardDraft } from '../card-draft.ts';
import { SectionEditor } from './section-editor.tsx';

/** The list of sections: what commissioners choose from, each with priced options. */
export function SectionsEditor({ form }: { form: UseFormReturnType<CardDraft> }) {
  const sections = form.values.sections;
  const full = sections.length >= CARD_SECTIONS_MAX;
  const sectionsError = form.errors.sections;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4">
            Sections
          </Title>
          <Text size="sm" c="dimmed">
            Each section is one question for the commissioner, e.g. “Size” (one choice) or “Extras” (several
            choices). Up to {CARD_SECTIONS_MAX} sections.
          </Text>
        </div>
        {sections.map((section, s) => (
          <SectionEditor key={section.key} form={form} s={s} count={sections.length} />
        ))}
        {sections.length === 0 && (
          <Text size="sm" c="dimmed">
            No sections yet: the card is ordered at its starting price.
          </Text>
        )}
        {typeof sectionsError === 'string' && (
          <Text size="sm" c="red">
            {sectionsError}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => form.insertListItem('sections', emptySection('radio'))}
          >
            Add one-choice section
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => form.insertListItem('sections', emptySection('checkbox'))}
          >
            Add several-choice section
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
