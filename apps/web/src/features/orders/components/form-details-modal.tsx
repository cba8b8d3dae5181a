import { Modal, Stack } from '@mantine/core';
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
  children,
}: {
  form: SentForm | null;
  otherSide: 'sender' | 'artist';
  onClose: () => void;
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
          <PersonLine person={form[otherSide]} />
          <FormSummary form={form} />
          {children}
        </Stack>
      )}
    </Modal>
  );
}
