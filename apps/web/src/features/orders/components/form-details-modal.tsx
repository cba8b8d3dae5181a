import { Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { FormSummary, formModalStyles } from './form-summary.tsx';
import { PersonLine } from './person-line.tsx';

/**
 * A sent form in full, headed by the other side of the commission: the sender when the artist
 * reads it, the artist when the commissioner does. `children` go below the summary (the actions).
 */
export function FormDetailsModal({
  form,
  otherSide,
  onClose,
  aboutPerson,
  children,
}: {
  form: SentForm | null;
  otherSide: 'sender' | 'artist';
  onClose: () => void;
  /** Beside the other side's name: the sender's record as a buyer, for the artist. */
  aboutPerson?: ReactNode;
  children?: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 720px)');
  return (
    <Modal
      opened={form !== null}
      onClose={onClose}
      title={form?.cardTitle}
      size="lg"
      styles={formModalStyles}
      fullScreen={phone}
    >
      {form && (
        <Stack gap="md">
          {/* A long name takes its own line (and is cut there); the record then goes below it. */}
          <Group justify="space-between" gap="xs" preventGrowOverflow={false}>
            <PersonLine person={form[otherSide]} />
            {aboutPerson}
          </Group>
          <FormSummary form={form} />
          {children}
        </Stack>
      )}
    </Modal>
  );
}
