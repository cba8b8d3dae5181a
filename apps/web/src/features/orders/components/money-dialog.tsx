import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import {
  EXTENSION_DAYS_MAX,
  EXTENSION_REASON_MAX,
  PAYMENT_INSTRUCTIONS_MAX,
  PAYMENT_REFERENCE_MAX,
} from '@brushline/shared/payments/constants';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { PaymentPlan } from '@brushline/shared/payments/plan';
import {
  referenceBodySchema,
  requestPaymentBodySchema,
  type OrderMoney,
  type PaymentPart,
} from '@brushline/shared/payments/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { formatDate } from '../../../lib/format-date.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useMoneyAction, type MoneyAction } from '../api/money-queries.ts';
import { lastInstructions } from '../money-text.ts';

/** The dialogs of the money panel: each asks what the action needs and says what it does. */
export type MoneyDialogKind =
  | { kind: 'request'; part: PaymentPart }
  | { kind: 'paid'; part: PaymentPart }
  | { kind: 'confirm'; part: PaymentPart }
  | { kind: 'refund' }
  | { kind: 'extension' };

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "the deposit", "“Sketch”", or "the payment" for a plan paid in one go. */
export function partName(part: PaymentPart, money: OrderMoney): string {
  if (money.parts.length === 1) return 'the payment';
  return (money.plan as PaymentPlan).kind === 'deposit' ? `the ${part.name.toLowerCase()}` : `“${part.name}”`;
}

interface Values {
  text: string;
  date: string;
}

function texts(d: MoneyDialogKind, money: OrderMoney, otherName: string) {
  switch (d.kind) {
    case 'request':
      return {
        title: `Ask for ${partName(d.part, money)}: ${formatUsd(d.part.amount)}`,
        intro: `${otherName} gets a notification with your instructions and sees them on this page. Payments happen outside Brushline.`,
        label: 'How to pay you',
        description: `Up to ${PAYMENT_INSTRUCTIONS_MAX} characters: a payment link (a PayPal invoice, a Ko-fi page) or your details.`,
        submit: 'Send the request',
      };
    case 'paid':
      return {
        title: `Mark ${partName(d.part, money)} as paid: ${formatUsd(d.part.amount)}`,
        intro: `${otherName} is asked to confirm they received it. Only mark it once you have paid.`,
        label: 'Reference (optional)',
        description: `Up to ${PAYMENT_REFERENCE_MAX} characters: a transaction id, or how and when you paid.`,
        submit: 'Mark as paid',
      };
    case 'confirm':
      return d.part.status === 'marked'
        ? {
            title: `Confirm you received ${formatUsd(d.part.amount)}`,
            intro: `This records ${partName(d.part, money)} as paid for good and issues its invoice. Confirm only once the money has reached you.`,
            label: 'Reference (optional)',
            description: 'The buyer’s reference is kept unless you write another.',
            submit: 'Confirm received',
          }
        : {
            title: `Record a payment of ${formatUsd(d.part.amount)}`,
            intro: `${otherName} has not marked ${partName(d.part, money)} as paid here. Record it if you received it another way: this records it for good and issues its invoice.`,
            label: 'Reference (optional)',
            description: `Up to ${PAYMENT_REFERENCE_MAX} characters: a transaction id, or how and when you were paid.`,
            submit: 'Record payment',
          };
    case 'refund':
      return {
        title: `Record the refund of ${formatUsd(money.balances.refundOwed)}`,
        intro: `Send the money back to ${otherName} first, the way they paid you. Recording it is final and issues a credit note.`,
        label: 'Reference (optional)',
        description: `Up to ${PAYMENT_REFERENCE_MAX} characters: a transaction id, or how and when you refunded.`,
        submit: 'Record refund',
      };
    case 'extension':
      return {
        title: 'Ask for more time',
        intro: `${otherName} accepts or declines the new due date. Until they answer, the current one stands (${money.dueAt ? formatDate(money.dueAt) : ''}).`,
        label: 'Why you need more time',
        description: `Up to ${EXTENSION_REASON_MAX} characters.`,
        submit: 'Send the request',
      };
  }
}

/** The action a dialog's (checked) values make. */
function actionOf(d: MoneyDialogKind, v: Values, money: OrderMoney): MoneyAction {
  switch (d.kind) {
    case 'request':
      return { kind: 'request', part: d.part.index, instructions: v.text };
    case 'paid':
    case 'confirm':
      return { kind: d.kind, part: d.part.index, reference: v.text };
    case 'refund':
      return { kind: 'refund', reference: v.text };
    case 'extension':
      // The same time of day as the current due date: the new one moves it by whole days.
      return { kind: 'extension', dueAt: `${v.date}${money.dueAt!.slice(10)}`, reason: v.text };
  }
}

function validate(d: MoneyDialogKind, v: Values, money: OrderMoney): Record<string, string> {
  switch (d.kind) {
    case 'request': {
      const e = fieldErrors(requestPaymentBodySchema, { instructions: v.text });
      return e.instructions ? { text: e.instructions } : {};
    }
    case 'extension': {
      const errors: Record<string, string> = {};
      const due = Date.parse(money.dueAt ?? '');
      const picked = Date.parse(`${v.date}${money.dueAt?.slice(10) ?? ''}`);
      if (!v.date || Number.isNaN(picked) || picked <= due || picked > due + EXTENSION_DAYS_MAX * DAY) {
        errors.date = paymentMessages.extensionDate;
      }
      if (v.text.trim() === '') errors.text = paymentMessages.extensionReasonRequired;
      else if (v.text.trim().length > EXTENSION_REASON_MAX)
        errors.text = paymentMessages.extensionReasonTooLong;
      return errors;
    }
    default: {
      const e = fieldErrors(referenceBodySchema, { reference: v.text });
      return e.reference ? { text: e.reference } : {};
    }
  }
}

function initialText(d: MoneyDialogKind, money: OrderMoney): string {
  if (d.kind === 'request') return d.part.instructions ?? lastInstructions(money.parts);
  if (d.kind === 'confirm' || d.kind === 'paid') return d.part.reference ?? '';
  return '';
}

const SUCCESS: Record<MoneyDialogKind['kind'], string> = {
  request: 'Payment request sent',
  paid: 'Marked as paid: the artist is asked to confirm',
  confirm: 'Payment recorded: its invoice is on this page',
  refund: 'Refund recorded: a credit note is on this page',
  extension: 'Request for more time sent',
};

/** One money dialog; it stays open with the server's message when the action is refused. */
export function MoneyDialog({
  dialog,
  money,
  otherName,
  onClose,
}: {
  dialog: MoneyDialogKind;
  money: OrderMoney;
  otherName: string;
  onClose: () => void;
}) {
  const action = useMoneyAction(money.formId);
  const [alert, setAlert] = useState<string | null>(null);
  const t = texts(dialog, money, otherName);
  // The dialog only opens on an order with a due date; 0 stands in for none (no limits then).
  const dueDay = money.dueAt ? Date.parse(money.dueAt) : 0;
  const form = useForm<Values>({
    initialValues: { text: initialText(dialog, money), date: '' },
    validate: (v) => validate(dialog, v, money),
  });
  const submit = form.onSubmit((v) => {
    setAlert(null);
    action.mutate(actionOf(dialog, { ...v, text: v.text.trim() }, money), {
      onSuccess: () => {
        toast.success(SUCCESS[dialog.kind]);
        onClose();
      },
      onError: (err) => {
        const field = { instructions: 'text', reference: 'text', reason: 'text', dueAt: 'date' } as const;
        setAlert(
          applyServerError(err, (name, message) =>
            form.setFieldError(field[name as keyof typeof field] ?? 'text', message),
          ),
        );
      },
    });
  });
  const multiline = dialog.kind === 'request' || dialog.kind === 'extension';

  return (
    <Modal opened onClose={onClose} title={t.title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t.intro}</Text>
          {alert && (
            <Alert color="red" role="alert" title="Nothing was recorded">
              {alert}
            </Alert>
          )}
          {dialog.kind === 'extension' && (
            <TextInput
              type="date"
              label="New due date"
              description="After the current due date, at most a year later."
              min={dueDay ? isoDay(dueDay + DAY) : undefined}
              max={dueDay ? isoDay(dueDay + EXTENSION_DAYS_MAX * DAY) : undefined}
              data-autofocus
              maw={240}
              {...form.getInputProps('date')}
            />
          )}
          {multiline ? (
            <Textarea
              label={t.label}
              description={`${form.values.text.length} characters · ${t.description}`}
              rows={4}
              resize="vertical"
              data-autofocus={dialog.kind === 'extension' ? undefined : true}
              {...form.getInputProps('text')}
            />
          ) : (
            <TextInput
              label={t.label}
              description={t.description}
              data-autofocus
              {...form.getInputProps('text')}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
