import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import {
  REQUEST_ATTACHMENTS_MAX,
  REQUEST_DEADLINE_MAX_DAYS,
  REQUEST_DEADLINE_MIN_DAYS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_PREFERENCES_MAX,
  REQUEST_PRICE_MAX,
  REQUEST_REQUIREMENTS_MAX,
  REQUEST_TAGS_MAX,
  REQUEST_TITLE_MAX,
  TYPES_OF_WORK,
} from '@brushline/shared/requests/constants';
import { clampDeadline, type PriceBound } from '@brushline/shared/requests/pricing';
import { requestBodySchema, type Request, type RequestBodyInput } from '@brushline/shared/requests/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard.ts';
import { ReferencePicker } from '../../orders/components/reference-picker.tsx';
import { useReferenceUploads } from '../../orders/use-reference-uploads.ts';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { bodyOf, draftOf, emptyDraft, priceRangeOf, type RequestDraft } from '../request-draft.ts';
import { typeOfWorkLabel } from '../request-text.ts';

const num = (v: string | number): number | '' => (v === '' ? '' : Number(v));

/**
 * Every field of a request (SPEC §2 "Request editor and create form", §3, §5): the create form and
 * the editor's edit mode. `onSave` gets the API body; `alert` is a refusal to show above the
 * buttons. Cancel and leaving with unsaved changes ask first; with none, Cancel goes at once.
 */
export function RequestForm({
  request,
  saving,
  alert,
  onSave,
  onCancel,
  submitLabel,
  extraActions,
}: {
  request: Request | null;
  saving: boolean;
  alert: { title: string; text: string } | null;
  onSave: (
    body: RequestBodyInput,
    form: { setFieldError: (f: string, m: string) => void; allowLeave: () => void },
  ) => void;
  onCancel: () => void;
  submitLabel: string;
  extraActions?: ReactNode;
}) {
  const uploads = useReferenceUploads('reference', REQUEST_ATTACHMENTS_MAX, request?.attachedMedia ?? []);
  const [initialMedia] = useState(() => (request?.attachedMedia ?? []).map((m) => m.id).join());
  const [invalid, setInvalid] = useState(false);
  const form = useForm<RequestDraft>({
    initialValues: request ? draftOf(request) : emptyDraft(),
    validate: (values) => fieldErrors(requestBodySchema, bodyOf(values, uploads.mediaIds)),
  });
  const [edited, setEdited] = useState<PriceBound>('max');
  const dirty = form.isDirty() || uploads.mediaIds.join() !== initialMedia;
  const guard = useUnsavedGuard(dirty, 'this request');
  const v = form.values;
  const range = priceRangeOf(v, edited);
  const rangeMoves = range.min !== Number(v.priceMin || 0) || range.max !== Number(v.priceMax || 0);

  /** SPEC §5 written into the fields when a price field is left. */
  const settlePrices = () => {
    form.setFieldValue('priceMin', range.min);
    form.setFieldValue('priceMax', range.max);
  };

  /** Cancel: at once when nothing changed, else after "Discard your changes?". */
  const cancel = () => {
    if (!dirty) return onCancel();
    openConfirmModal({
      title: 'Discard your changes?',
      children: `What you changed in ${request ? 'this request' : 'the new request'} is not saved and will be lost.`,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        guard.allowNext();
        onCancel();
      },
    });
  };

  const submit = form.onSubmit(
    (values) => {
      setInvalid(false);
      settlePrices();
      const body = bodyOf(values, uploads.mediaIds);
      // Validation passed, so a type is chosen; the check only tells the compiler.
      if (!body.typeOfWork) return;
      onSave(
        { ...body, typeOfWork: body.typeOfWork },
        {
          setFieldError: form.setFieldError,
          allowLeave: guard.allowNext,
        },
      );
    },
    () => {
      setInvalid(true);
      requestAnimationFrame(() => {
        const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
        field?.scrollIntoView({ block: 'center' });
        field?.focus({ preventScroll: true });
      });
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <Card withBorder padding="md">
          <Stack gap="md">
            <Title order={3} fz="h4">
              What you want
            </Title>
            <TextInput
              label="Title"
              withAsterisk
              description={`${v.title.length}/${REQUEST_TITLE_MAX}`}
              {...form.getInputProps('title')}
            />
            <Select
              label="Type of work"
              withAsterisk
              placeholder="Choose one"
              description="Artists look for requests by it; “Other” when none fits"
              data={TYPES_OF_WORK.map((t) => ({ value: t, label: typeOfWorkLabel(t) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              value={v.typeOfWork}
              onChange={(t) => {
                if (!t) return;
                form.setFieldValue('typeOfWork', t);
                form.clearFieldError('typeOfWork');
              }}
              error={form.errors.typeOfWork}
            />
            <Textarea
              label="Description"
              description={`${v.description.length}/${REQUEST_DESCRIPTION_MAX} · the picture you have in mind`}
              rows={5}
              resize="vertical"
              {...form.getInputProps('description')}
            />
            <Textarea
              label="Additional requirements"
              description={`${v.additionalRequirements.length}/${REQUEST_REQUIREMENTS_MAX} · sizes, formats, usage`}
              rows={3}
              resize="vertical"
              {...form.getInputProps('additionalRequirements')}
            />
            <Textarea
              label="Preferences"
              description={`${v.preferences.length}/${REQUEST_PREFERENCES_MAX} · styles and artists you like`}
              rows={3}
              resize="vertical"
              {...form.getInputProps('preferences')}
            />
            <TagPicker
              label="Tags"
              description={`Up to ${REQUEST_TAGS_MAX}: artists find requests by them`}
              maxTags={REQUEST_TAGS_MAX}
              value={v.tags}
              onChange={(tags) => form.setFieldValue('tags', tags)}
              error={form.errors.tags}
              placeholder="Pick a tag"
            />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="md">
            <Title order={3} fz="h4">
              Budget and deadline
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput
                label="Budget from (USD)"
                prefix="$"
                min={0}
                max={REQUEST_PRICE_MAX}
                decimalScale={2}
                thousandSeparator=","
                value={v.priceMin}
                onChange={(x) => {
                  setEdited('min');
                  form.setFieldValue('priceMin', num(x));
                }}
                onBlur={settlePrices}
                error={form.errors.priceMin}
              />
              <NumberInput
                label="Budget to (USD)"
                prefix="$"
                min={0}
                max={REQUEST_PRICE_MAX}
                decimalScale={2}
                thousandSeparator=","
                value={v.priceMax}
                onChange={(x) => {
                  setEdited('max');
                  form.setFieldValue('priceMax', num(x));
                }}
                onBlur={settlePrices}
                error={form.errors.priceMax}
              />
              <NumberInput
                label="Deadline (days)"
                min={REQUEST_DEADLINE_MIN_DAYS}
                max={REQUEST_DEADLINE_MAX_DAYS}
                allowDecimal={false}
                value={v.deadline}
                onChange={(x) => form.setFieldValue('deadline', num(x))}
                onBlur={() => v.deadline !== '' && form.setFieldValue('deadline', clampDeadline(v.deadline))}
                error={form.errors.deadline}
              />
            </SimpleGrid>
            <Text size="sm" c={rangeMoves ? 'orange.9' : 'dimmed'} aria-live="polite">
              {rangeMoves
                ? `Saved as ${formatUsd(range.min)} – ${formatUsd(range.max)}: prices are 0 to ${formatUsd(REQUEST_PRICE_MAX)}, and the minimum stays at or below the maximum.`
                : `Prices are 0 to ${formatUsd(REQUEST_PRICE_MAX)}; the deadline is up to ${REQUEST_DEADLINE_MAX_DAYS} days.`}
            </Text>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="md">
            <ReferencePicker
              uploads={uploads}
              label="Attachments"
              noun="file"
              hint="sketches, references, examples."
              error={form.errors.attachedMedia as string | undefined}
            />
            <Radio.Group label="Privacy" value={v.privacy} onChange={(p) => form.setFieldValue('privacy', p)}>
              <Stack gap={6} mt={6}>
                <Radio value="public" label="Public: listed on Requests, artists may apply" />
                <Radio value="hidden" label="Hidden: only you see it, no one can apply" />
              </Stack>
            </Radio.Group>
          </Stack>
        </Card>
        {invalid && (
          <Alert color="red" role="alert" title="Some fields need a fix">
            The messages next to them say what to change. Nothing was saved yet.
          </Alert>
        )}
        {alert && (
          <Alert color="red" role="alert" title={alert.title}>
            {alert.text}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="xs">{extraActions}</Group>
          <Group gap="xs">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={saving}
              disabled={uploads.busy}
              title={uploads.busy ? 'Wait until the attachments are uploaded' : undefined}
            >
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
