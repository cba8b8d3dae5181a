import { ActionIcon, Box, Input, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_MIME_TYPES } from '@brushline/shared/media/constants';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { ImageDropzone, type FileRejection } from '../../../components/image-dropzone.tsx';
import type { useReferenceUploads } from '../use-reference-uploads.ts';
import { WholePicture } from '../../../components/whole-picture.tsx';

type Uploads = ReturnType<typeof useReferenceUploads>;

/** What went wrong with a drop, if anything: files that are not images, files beyond the limit. */
function dropProblem(
  accepted: number,
  room: number,
  rejections: FileRejection[],
  max: number,
  noun: string,
): string | null {
  const problems: string[] = [];
  if (rejections.length > 0) {
    const which =
      rejections.length === 1 ? `${rejections[0]!.file.name} was` : `${rejections.length} files were`;
    problems.push(`${which} left out: only JPEG, PNG, WebP or GIF images can be attached.`);
  }
  if (accepted > room) problems.push(`Only ${max} ${noun}s fit: the rest were left out.`);
  return problems.length > 0 ? problems.join(' ') : null;
}

/**
 * Up to `uploads.max` images (references: REFERENCES_MAX, SPEC §5) with previews, upload progress
 * and a remove button each. `noun` names one item ("reference", "file").
 */
export function ReferencePicker({
  uploads,
  label = 'References',
  noun = 'reference',
  hint = 'characters, poses, styles you like.',
  error,
}: {
  uploads: Uploads;
  label?: string;
  noun?: string;
  hint?: string;
  /** A problem with the whole set (e.g. none attached yet). */
  error?: string | null;
}) {
  const { items, add, remove, max } = uploads;
  const [rejected, setRejected] = useState<string | null>(null);
  const room = max - items.length;
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);

  return (
    <Input.Wrapper
      label={label}
      description={`Up to ${max} images (${items.length}/${max}): ${hint}`}
      error={rejected ?? error}
    >
      <Stack gap="xs" mt={6}>
        <ImageDropzone
          onDrop={add}
          // One message for the whole drop: the accepted and the refused files arrive in two
          // callbacks, and a mixed drop must not lose the refusal.
          onDropAny={(files, rejections) =>
            setRejected(dropProblem(files.length, room, rejections, max, noun))
          }
          accept={[...IMAGE_MIME_TYPES]}
          disabled={room <= 0}
          aria-label={`Add ${noun} images`}
          p="md"
        >
          <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
            <IconPhoto size={28} aria-hidden />
            <Text size="sm" ta="center">
              {room > 0 ? 'Drop images here or click to choose' : `The ${max} ${noun}s are attached`}
            </Text>
          </Stack>
        </ImageDropzone>
        {items.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {items.map((it, i) => (
              <Box key={it.id} pos="relative">
                <WholePicture
                  src={it.media?.miniatureUrl ?? it.previewUrl}
                  alt={`${Noun} ${i + 1}: ${it.name}`}
                  opacity={it.media ? 1 : 0.6}
                />
                <ActionIcon
                  size="sm"
                  color="dark"
                  variant="filled"
                  pos="absolute"
                  top={4}
                  right={4}
                  aria-label={`Remove ${noun} ${i + 1}`}
                  onClick={() => remove(it.id)}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
                {!it.media && !it.error && (
                  <Progress value={it.progress * 100} size="xs" mt={4} aria-label={`Uploading ${it.name}`} />
                )}
                {it.error && (
                  <Text size="xs" c="red" mt={2}>
                    {it.error}
                  </Text>
                )}
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
