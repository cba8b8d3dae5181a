import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  MODERATION_REASON_MAX,
  SUSPENSION_DAYS_MAX,
  SUSPENSION_DAYS_MIN,
} from '@brushline/shared/moderation/constants';
import { suspensionEndText } from '@brushline/shared/moderation/messages';
import {
  reasonBodySchema,
  suspendBodySchema,
  warnBodySchema,
  type AdminUserDetail,
} from '@brushline/shared/moderation/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUserAction, type ActionAnswer, type ActionBodies } from '../api/admin-queries.ts';

/** The staff actions that ask for words first: why (suspend, ban, lift) or what (warn). */
export type FormAction = 'suspend' | 'ban' | 'lift' | 'warn';

const DAY_MS = 24 * 60 * 60 * 1000;
/** When a suspension of `days` from now ends, as the server counts it (whole days from now). */
const suspensionEnd = (days: number, now = Date.now()) => new Date(now + days * DAY_MS);

function titleOf(action: FormAction, user: AdminUserDetail): string {
  const who = `@${user.login}`;
  switch (action) {
    case 'suspend':
      return `Suspend ${who}`;
    case 'ban':
      return `Ban ${who}`;
    case 'lift':
      return user.restriction?.kind === 'banned' ? `Lift the ban on ${who}` : `Lift the suspension of ${who}`;
    case 'warn':
      return `Warn ${who}`;
  }
}

/** A text the user reads (a reason, a warning), with its count against the limit. */
function WordsField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  note,
}: {
  form: UseFormReturnType<V>;
  name: keyof V & string;
  label: string;
  note: string;
}) {
  const value = String(form.values[name] ?? '');
  return (
    <Textarea
      label={label}
      description={`${value.length}/${MODERATION_REASON_MAX} · ${note}`}
      rows={4}
      resize="vertical"
      required
      data-autofocus
      {...form.getInputProps(name)}
    />
  );
}

/** The second step of a heavy action: what will happen, then Back or the action itself. */
function ConfirmStep({
  question,
  children,
  confirmLabel,
  loading,
  onBack,
}: {
  question: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onBack: () => void;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The fields are gone: the question takes the focus, so a screen reader reads it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="sm">
      <Text ref={ref} tabIndex={-1} fw={600} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
        {question}
      </Text>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" color="red" loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}

/**
 * Sends one action and ends the dialog with the server's words; a refusal goes on its field
 * (400) or above the form (409 and the rest), back on the first step.
 */
function useSend<A extends FormAction>(user: AdminUserDetail, action: A, onDone: () => void) {
  const run = useUserAction(user.login, action);
  const [alert, setAlert] = useState<string | null>(null);
  // Every action here takes a body (end-sessions, which takes none, is not one of them).
  const mutate = run.mutateAsync as (body: ActionBodies[A]) => Promise<ActionAnswer>;
  const send = async (
    body: ActionBodies[A],
    setFieldError: (field: string, message: string) => void,
    onRefused?: () => void,
  ) => {
    setAlert(null);
    let answer: ActionAnswer;
    try {
      answer = await mutate(body);
    } catch (err) {
      onRefused?.();
      setAlert(applyServerError(err, setFieldError));
      return;
    }
    toast.success(answer.message);
    onDone();
  };
  return { send, alert, pending: run.isPending };
}

function FormButtons({
  label,
  loading,
  onCancel,
}: {
  label: string;
  loading: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}

function SuspendForm({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { send, alert, pending } = useSend(user, 'suspend', onDone);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<{ days: number | string; reason: string }>({
    initialValues: { days: 7, reason: '' },
    validate: (v) => fieldErrors(suspendBodySchema, v),
  });
  const { days } = form.values;
  const until = typeof days === 'number' && days >= 1 ? suspensionEndText(suspensionEnd(days)) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        if (!confirming) return setConfirming(true);
        void send(suspendBodySchema.parse(v), form.setFieldError, () => setConfirming(false));
      })}
    >
      {confirming ? (
        <ConfirmStep
          question={`Suspend @${user.login} until ${until}?`}
          confirmLabel="Suspend"
          loading={pending}
          onBack={() => setConfirming(false)}
        >
          They are signed out everywhere at once and cannot sign in until then. When they try, they read your
          reason.
        </ConfirmStep>
      ) : (
        <Stack gap="sm">
          <Refusal message={alert} />
          <NumberInput
            label="Days"
            description={until ? `Suspended until ${until}` : undefined}
            min={SUSPENSION_DAYS_MIN}
            max={SUSPENSION_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps('days')}
          />
          <WordsField
            form={form}
            name="reason"
            label="Reason"
            note="the user reads it when they try to sign in"
          />
          <FormButtons label="Continue" loading={false} onCancel={onDone} />
        </Stack>
      )}
    </form>
  );
}

function BanForm({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { send, alert, pending } = useSend(user, 'ban', onDone);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initialValues: { reason: '' },
    validate: (v) => fieldErrors(reasonBodySchema, v),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        if (!confirming) return setConfirming(true);
        void send(reasonBodySchema.parse(v), form.setFieldError, () => setConfirming(false));
      })}
    >
      {confirming ? (
        <ConfirmStep
          question={`Ban @${user.login}?`}
          confirmLabel="Ban"
          loading={pending}
          onBack={() => setConfirming(false)}
        >
          They are signed out everywhere at once, their content leaves every list and their open cards close.
          The ban lasts until staff lift it.
        </ConfirmStep>
      ) : (
        <Stack gap="sm">
          <Refusal message={alert} />
          <WordsField
            form={form}
            name="reason"
            label="Reason"
            note="the user reads it when they try to sign in"
          />
          <FormButtons label="Continue" loading={false} onCancel={onDone} />
        </Stack>
      )}
    </form>
  );
}

function LiftForm({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { send, alert, pending } = useSend(user, 'lift', onDone);
  const form = useForm({
    initialValues: { reason: '' },
    validate: (v) => fieldErrors(reasonBodySchema, v),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => void send(reasonBodySchema.parse(v), form.setFieldError))}
    >
      <Stack gap="sm">
        <Text size="sm">They can sign in again at once. The reason goes into the audit log.</Text>
        <Refusal message={alert} />
        <WordsField form={form} name="reason" label="Reason" note="kept in the audit log" />
        <FormButtons
          label={user.restriction?.kind === 'banned' ? 'Lift the ban' : 'Lift the suspension'}
          loading={pending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

function WarnForm({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { send, alert, pending } = useSend(user, 'warn', onDone);
  const form = useForm({
    initialValues: { message: '' },
    validate: (v) => fieldErrors(warnBodySchema, v),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => void send(warnBodySchema.parse(v), form.setFieldError))}>
      <Stack gap="sm">
        <Refusal message={alert} />
        <WordsField
          form={form}
          name="message"
          label="Warning"
          note="the user gets it as a notification; it is kept in the audit log"
        />
        <FormButtons label="Send warning" loading={pending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

const forms = { suspend: SuspendForm, ban: BanForm, lift: LiftForm, warn: WarnForm };

/** The dialog of one staff action on `user`; full screen on a phone. */
export function ActionModal({
  action,
  user,
  opened,
  onClose,
}: {
  action: FormAction;
  user: AdminUserDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const Form = forms[action];
  return (
    <Modal opened={opened} onClose={onClose} title={titleOf(action, user)} fullScreen={phone}>
      <Form user={user} onDone={onClose} />
    </Modal>
  );
}
