import { Anchor, Button, Fieldset, Grid, Group, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { messages } from '@brushline/shared/messages';
import { SOCIAL_TITLE_MAX, SOCIAL_URL_MAX, SOCIAL_URL_SHOWN } from '@brushline/shared/users/constants';
import { socialDeleted, socialDeleteFailed } from '@brushline/shared/users/messages';
import { socialBodySchema, type SocialLink } from '@brushline/shared/users/schemas';
import { httpsFixOf, shortUrl, socialSiteOf } from '@brushline/shared/users/social-sites';
import { fieldErrors } from '@brushline/shared/validation';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSocialMutations } from '../api/user-mutations.ts';
import { SocialIcon } from './social-icon.tsx';

/** A row of the editor. SPEC §4: id above 0 is a stored link; 0 or below exists only here. */
export interface SocialRow {
  /** Stable React key: the id the row had when it appeared (saving changes `id`, not this). */
  key: number;
  id: number;
  title: string;
  url: string;
  /** The stored values, to tell whether a saved row has unsaved edits. */
  saved: { title: string; url: string } | null;
}

type Errors = Partial<Record<'title' | 'url', string>>;

/** The server's reason for a refusal, on the field it names or for the whole row. */
function serverErrors(err: unknown): { fields: Errors; row: string | null } {
  if (!(err instanceof ApiError)) return { fields: {}, row: null };
  const fields: Errors = {};
  if (err.fields.title) fields.title = err.fields.title;
  if (err.fields.url) fields.url = err.fields.url;
  return { fields, row: Object.keys(fields).length > 0 || err.status === 0 ? null : err.message };
}

export function SocialRowEditor(props: {
  row: SocialRow;
  login: string;
  autoFocus: boolean;
  onChange: (patch: Partial<SocialRow>) => void;
  onRemove: () => void;
}) {
  const { row, onChange } = props;
  const { add, update, remove } = useSocialMutations(props.login);
  const [errors, setErrors] = useState<Errors>({});
  const [rowError, setRowError] = useState<string | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const stored = row.id > 0;
  const dirty = !row.saved || row.saved.title !== row.title.trim() || row.saved.url !== row.url.trim();
  const validUrl = !fieldErrors(socialBodySchema.shape.url, row.url)[''];

  const edit = (field: 'title' | 'url', value: string) => {
    onChange({ [field]: value });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const savedAs = (link: SocialLink) =>
    onChange({ id: link.id, title: link.title, url: link.url, saved: { title: link.title, url: link.url } });

  const save = () => {
    setRowError(null);
    const found = fieldErrors(socialBodySchema, { title: row.title, url: row.url });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { title: row.title.trim(), url: row.url.trim() };
    const failed = (message: string) => (err: unknown) => {
      const reason = serverErrors(err);
      setErrors(reason.fields);
      setRowError(reason.row);
      toast.error(message);
    };
    if (stored)
      update.mutate(
        { id: row.id, ...body },
        {
          onSuccess: (link) => {
            savedAs(link);
            toast.success(messages.socialUpdated);
          },
          onError: failed(messages.socialUpdateFailed),
        },
      );
    else
      add.mutate(body, {
        onSuccess: (link) => {
          savedAs(link);
          toast.success(messages.socialCreated);
        },
        onError: failed(messages.socialCreateFailed),
      });
  };

  const askDelete = () => {
    // A row that was never saved exists only on this page: nothing to ask, nothing to send.
    if (!stored) return props.onRemove();
    openConfirmModal({
      title: 'Delete this social link?',
      children: (
        <Text size="sm">
          “{row.saved?.title ?? row.title}” will disappear from your profile. You can add it again later.
        </Text>
      ),
      labels: { confirm: 'Delete link', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            toast.success(socialDeleted);
            props.onRemove();
          },
          onError: (err) =>
            toast.error(err instanceof ApiError && err.status === 404 ? socialDeleteFailed : err.message),
        }),
    });
  };

  // "Enter a valid link" stays; when the link is one https:// away, the error offers that fix
  // (a button that changes the field, not the link silently rewritten: SPEC §5's rule stands).
  const fix = errors.url === messages.socialInvalidLink ? httpsFixOf(row.url) : null;
  const urlError =
    fix === null ? (
      errors.url
    ) : (
      <>
        {errors.url}. Did you mean {fix}?{' '}
        <Button
          variant="light"
          size="compact-xs"
          onClick={() => {
            edit('url', fix);
            // The button goes with the error: keep the keyboard in the field it fixed.
            urlInput.current?.focus();
          }}
        >
          {/^http:/i.test(row.url.trim()) ? 'Use https://' : 'Add https://'}
        </Button>
      </>
    );

  const busy = add.isPending || update.isPending || remove.isPending;
  return (
    <Fieldset
      legend={row.saved?.title || 'New social link'}
      variant="default"
      // A long title stays on one line instead of breaking the frame.
      styles={{
        legend: { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      }}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Title"
            placeholder="My gallery"
            value={row.title}
            maxLength={SOCIAL_TITLE_MAX + 50}
            autoFocus={props.autoFocus}
            error={errors.title}
            onChange={(e) => edit('title', e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            ref={urlInput}
            label="Link"
            placeholder="https://"
            type="url"
            inputMode="url"
            value={row.url}
            maxLength={SOCIAL_URL_MAX + 50}
            error={urlError}
            onChange={(e) => edit('url', e.currentTarget.value)}
            onBlur={() => {
              if (row.url.trim())
                setErrors((e) => ({ ...e, url: fieldErrors(socialBodySchema.shape.url, row.url)[''] }));
            }}
          />
        </Grid.Col>
      </Grid>
      {rowError && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {rowError}
        </Text>
      )}
      <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <SocialIcon site={socialSiteOf(row.url.trim())} />
          {validUrl ? (
            <Anchor
              href={row.url.trim()}
              target="_blank"
              rel="noopener noreferrer nofollow"
              size="sm"
              truncate
            >
              {shortUrl(row.url.trim(), SOCIAL_URL_SHOWN)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed" truncate>
              {row.url.trim() ? shortUrl(row.url.trim(), SOCIAL_URL_SHOWN) : 'No link yet'}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="light" color="red" size="xs" onClick={askDelete} disabled={busy}>
            Delete
          </Button>
          <Button
            size="xs"
            onClick={save}
            loading={add.isPending || update.isPending}
            disabled={!dirty || remove.isPending}
          >
            Save
          </Button>
        </Group>
      </Group>
    </Fieldset>
  );
}
