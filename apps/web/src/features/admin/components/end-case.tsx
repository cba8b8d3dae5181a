import { Alert, Box, Button, Group, Modal, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { RESOLUTION_MAX } from '@brushline/shared/moderation/constants';
import { MATURITIES, type Maturity } from '@brushline/shared/posts/constants';
import { hiddenByStaffText, reportMessages, reportTargetText } from '@brushline/shared/moderation/messages';
import {
  caseCloseBodySchema,
  type CaseCloseBody,
  type CaseDetail,
} from '@brushline/shared/moderation/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, useCaseAction } from '../api/admin-queries.ts';

type Outcome = CaseCloseBody['outcome'];

const CHOOSE_OUTCOME = 'Choose how the case ends.';

/** The outcomes' names (the radios): hiding names what is hidden. */
export function outcomeLabel(outcome: Outcome, kind: CaseDetail['targetKind']): string {
  switch (outcome) {
    case 'hide':
      return `Hide the ${reportTargetText[kind]}`;
    case 'relabel':
      return `Change the ${reportTargetText[kind]}’s maturity label`;
    case 'resolve':
      return 'Resolve: action taken on the account';
    case 'dismiss':
      return 'Dismiss: no action';
  }
}

/** The confirmation's title and its button, per outcome. */
function confirmWords(outcome: Outcome, kind: CaseDetail['targetKind']) {
  switch (outcome) {
    case 'hide':
      return {
        title: `Hide the ${reportTargetText[kind]} and resolve the case?`,
        button: 'Hide and resolve',
      };
    case 'relabel':
      return {
        title: `Change the ${reportTargetText[kind]}’s maturity label and resolve the case?`,
        button: 'Change and resolve',
      };
    case 'resolve':
      return { title: 'Resolve the case?', button: 'Resolve' };
    case 'dismiss':
      return { title: 'Dismiss the case?', button: 'Dismiss' };
  }
}

/** A text a user will read, set apart. */
function Quote({ children }: { children: string }) {
  return (
    <Box
      component="blockquote"
      m={0}
      py={4}
      px="sm"
      fz="sm"
      style={{
        borderInlineStart: '3px solid var(--mantine-color-default-border)',
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-line',
      }}
    >
      {children}
    </Box>
  );
}

/** What the chosen end does and who reads what, before it is sent. */
function Consequences({ detail, body }: { detail: CaseDetail; body: CaseCloseBody }) {
  const kind = reportTargetText[detail.targetKind];
  const told = reportMessages.reporterTold(
    `a ${kind}`,
    body.outcome === 'dismiss' ? 'dismissed' : 'resolved',
    body.resolution,
  );
  const reporters =
    detail.reports === 1 ? 'The reporter reads' : `Each of the ${detail.reports} reporters reads`;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {body.outcome === 'hide'
          ? `The ${kind} is hidden from everyone but its owner and staff, and the case is resolved.`
          : body.outcome === 'relabel'
            ? `The ${kind} is labelled ${body.maturity}: only readers whose settings show ${body.maturity} content see it now, and the case is resolved.`
            : body.outcome === 'resolve'
              ? 'The case is resolved: it records what was done on the owner’s page (a warning, a suspension, a ban).'
              : 'The case is dismissed: nothing changes for the content or its owner.'}{' '}
        This cannot be undone here.
      </Text>
      <Text size="sm" fw={500}>
        {reporters}:
      </Text>
      <Quote>{told}</Quote>
      {body.outcome === 'hide' && (
        <>
          <Text size="sm" fw={500}>
            Its owner is told, and reads beside the {kind}:
          </Text>
          <Quote>{hiddenByStaffText(body.resolution)}</Quote>
        </>
      )}
      {body.outcome === 'relabel' && body.maturity && (
        <>
          <Text size="sm" fw={500}>
            Its owner is told:
          </Text>
          <Quote>{reportMessages.relabelledTold(body.maturity, body.resolution)}</Quote>
        </>
      )}
    </Stack>
  );
}

/**
 * An open case's end: how (hide the content where it can be hidden, resolve after acting on the
 * account, or dismiss) and the resolution the reporters (and, for a hide, the owner) read. Asks in
 * a dialog before sending; a refused field goes back under it, any other refusal shows in the
 * dialog. `onEnded` runs after the page shows the ended case.
 */
export function EndCase({ detail, onEnded }: { detail: CaseDetail; onEnded: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const qc = useQueryClient();
  const close = useCaseAction(detail.id, 'close');
  // What the dialog asks about; it stays while the dialog closes (its transition).
  const [asked, setAsked] = useState<CaseCloseBody | null>(null);
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The case changed under us (ended by someone else): read it again once the dialog is closed.
  const stale = useRef(false);
  const form = useForm<{ outcome: Outcome | ''; resolution: string; maturity: Maturity | '' }>({
    initialValues: { outcome: '', resolution: '', maturity: '' },
    validate: (v) => {
      const body = { ...v, maturity: v.outcome === 'relabel' && v.maturity ? v.maturity : undefined };
      const errors = fieldErrors(caseCloseBodySchema, body);
      return v.outcome ? errors : { ...errors, outcome: CHOOSE_OUTCOME };
    },
  });
  const { outcome, resolution } = form.values;
  const readers =
    outcome === 'hide' || outcome === 'relabel'
      ? 'every reporter and the owner read it'
      : 'every reporter reads it';
  // The label it has now, when the case shows the live post.
  const current = typeof detail.live?.maturity === 'string' ? detail.live.maturity : null;

  const dismissDialog = () => {
    setOpened(false);
    setRefusal(null);
    if (stale.current) {
      stale.current = false;
      void qc.invalidateQueries({ queryKey: adminKeys.case(detail.id) });
    }
  };

  const send = async (body: CaseCloseBody) => {
    setRefusal(null);
    let message: string;
    try {
      ({ message } = await close.mutateAsync(body));
    } catch (err) {
      const alert = applyServerError(err, form.setFieldError);
      if (alert === null) return setOpened(false);
      if (err instanceof ApiError && err.status === 409) stale.current = true;
      return setRefusal(alert);
    }
    toast.success(message);
    setOpened(false);
    onEnded();
  };

  const words = asked ? confirmWords(asked.outcome, detail.targetKind) : null;

  return (
    <Stack component="section" aria-labelledby="end-case" gap="sm">
      <Title order={3} fz="h4" id="end-case">
        End the case
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setAsked(
            caseCloseBodySchema.parse({
              ...v,
              maturity: v.outcome === 'relabel' && v.maturity ? v.maturity : undefined,
            }),
          );
          setOpened(true);
        })}
      >
        <Stack gap="md">
          <Radio.Group
            label="Outcome"
            description={
              detail.canHide
                ? 'To warn, suspend or ban the owner, do it on their page first, then resolve.'
                : `A ${reportTargetText[detail.targetKind]} cannot be hidden: act on its owner’s page, then resolve.`
            }
            required
            {...form.getInputProps('outcome')}
          >
            <Stack gap={8} mt={8}>
              {(['hide', 'relabel', 'resolve', 'dismiss'] as const)
                .filter((o) => (o !== 'hide' || detail.canHide) && (o !== 'relabel' || detail.canRelabel))
                .map((o) => (
                  <Radio key={o} value={o} label={outcomeLabel(o, detail.targetKind)} />
                ))}
            </Stack>
          </Radio.Group>
          {outcome === 'relabel' && (
            <Radio.Group
              label="New maturity label"
              description={current ? `It is labelled ${current} now.` : undefined}
              required
              {...form.getInputProps('maturity')}
            >
              <Group gap="md" mt={8}>
                {MATURITIES.filter((m) => m !== current).map((m) => (
                  <Radio key={m} value={m} label={m} />
                ))}
              </Group>
            </Radio.Group>
          )}
          <Textarea
            label="Resolution"
            description={`${resolution.length}/${RESOLUTION_MAX} · ${readers}`}
            rows={3}
            resize="vertical"
            required
            {...form.getInputProps('resolution')}
          />
          <Group justify="flex-end">
            <Button type="submit" color={outcome === 'hide' ? 'red' : undefined}>
              End the case
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={opened} onClose={dismissDialog} title={words?.title} fullScreen={phone}>
        {asked && words && (
          <Stack gap="md">
            <Consequences detail={detail} body={asked} />
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={dismissDialog} data-autofocus>
                Back
              </Button>
              <Button
                color={asked.outcome === 'hide' ? 'red' : undefined}
                loading={close.isPending}
                onClick={() => void send(asked)}
              >
                {words.button}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
