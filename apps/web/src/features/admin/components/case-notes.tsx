import { Box, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CASE_NOTE_MAX } from '@brushline/shared/moderation/constants';
import { caseNoteBodySchema, type CaseDetail } from '@brushline/shared/moderation/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCaseAction } from '../api/admin-queries.ts';
import { PersonLink } from './person-link.tsx';

/** What staff wrote down on a case, oldest first, and a field to add to it (ended cases too). */
export function CaseNotes({ detail }: { detail: CaseDetail }) {
  const add = useCaseAction(detail.id, 'note');
  const form = useForm({
    initialValues: { text: '' },
    validate: (v) => fieldErrors(caseNoteBodySchema, v),
  });
  const typed = form.values.text.length;

  const submit = form.onSubmit((v) => {
    void add.mutateAsync(caseNoteBodySchema.parse(v)).then(
      () => {
        form.reset();
        toast.success('The note is added.');
      },
      (err: unknown) => {
        const alert = applyServerError(err, form.setFieldError, 'text');
        if (alert) toast.error(alert);
      },
    );
  });

  return (
    <Stack component="section" aria-labelledby="case-notes" gap="sm">
      <Title order={3} fz="h4" id="case-notes">
        Notes
      </Title>
      {detail.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack component="ul" aria-label="Notes" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {detail.notes.map((n) => (
            <Box
              component="li"
              key={n.id}
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" c="dimmed">
                {n.author ? <PersonLink login={n.author.login} /> : 'A former staff member'}
                {' · '}
                <time dateTime={n.at} title={formatDateTime(n.at)}>
                  {relativeTime(n.at)}
                </time>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {n.text}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label="Add a note"
            description={`${typed}/${CASE_NOTE_MAX} · only staff read notes`}
            rows={3}
            resize="vertical"
            {...form.getInputProps('text')}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={add.isPending}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
