import { Box, Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { boxAspectRatio, IMAGE_MIME_TYPES, uploadLimitFor } from '@brushline/shared/media/constants';
import { uploadTooLargeMessage } from '@brushline/shared/media/messages';
import type { Role } from '@brushline/shared/roles';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';

/** What the owner chose for one picture in the edit form. */
export type PictureChoice = { kind: 'keep' } | { kind: 'set'; id: string; url: string } | { kind: 'remove' };

const notAnImage = 'Please choose a JPEG, PNG, WebP or GIF image';

/**
 * Chooses, uploads (with progress) and previews one profile picture. The upload is made for
 * `purpose`, so the server crops it to the size the profile shows; leaving the form cancels it.
 */
export function PicturePicker(props: {
  label: string;
  hint: string;
  purpose: 'avatar' | 'banner';
  currentUrl: string | null;
  choice: PictureChoice;
  roles: readonly Role[];
  onChoice: (choice: PictureChoice) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { purpose, choice, onChoice, onBusy } = props;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const shown = choice.kind === 'set' ? choice.url : choice.kind === 'keep' ? props.currentUrl : null;
  const limit = uploadLimitFor(props.roles);

  async function pick(file: File | null) {
    if (!file) return;
    setError(null);
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setError(notAnImage);
    if (file.size > limit) return setError(uploadTooLargeMessage(limit));
    abort.current = new AbortController();
    setProgress(0);
    onBusy(true);
    try {
      const media = await uploadMedia(file, purpose, setProgress, abort.current.signal);
      onChoice({ kind: 'set', id: media.id, url: media.url });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'aborted'))
        setError(err instanceof Error ? err.message : 'The upload failed. Please try again');
    } finally {
      setProgress(null);
      onBusy(false);
    }
  }

  const round = purpose === 'avatar';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group align="center" gap="md" wrap="wrap">
        <Box
          w={round ? 96 : '100%'}
          maw={round ? 96 : 360}
          style={{
            aspectRatio: round ? '1' : boxAspectRatio('banner'),
            borderRadius: round ? '50%' : 'var(--mantine-radius-md)',
            overflow: 'hidden',
            background: 'linear-gradient(135deg, var(--mantine-color-grape-3), var(--mantine-color-cyan-3))',
          }}
        >
          {shown && <Image src={shown} alt={`${props.label} preview`} w="100%" h="100%" fit="cover" />}
        </Box>
        <Group gap="xs">
          <FileButton onChange={(f) => void pick(f)} accept={IMAGE_MIME_TYPES.join(',')}>
            {(p) => (
              <Button variant="default" size="xs" loading={progress !== null} {...p}>
                {shown ? 'Change' : 'Upload'} {props.label.toLowerCase()}
              </Button>
            )}
          </FileButton>
          {shown && progress === null && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChoice({ kind: 'remove' })}>
              Remove {props.label.toLowerCase()}
            </Button>
          )}
        </Group>
      </Group>
      {progress !== null && (
        <Progress
          value={progress * 100}
          size="sm"
          aria-label={`Uploading ${props.label.toLowerCase()}`}
          animated
        />
      )}
      <Text size="xs" c="dimmed">
        {props.hint}
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
