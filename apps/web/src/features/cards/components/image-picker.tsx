import { Box, Button, FileButton, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_MIME_TYPES, MEDIA_BOXES } from '@brushline/shared/media/constants';
import type { Media } from '@brushline/shared/media/schemas';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';

interface ImagePickerProps {
  label: string;
  purpose: 'cardBanner' | 'cardThumbnail';
  value: Media | null;
  onChange: (media: Media | null) => void;
  /** Preview width in px; the height follows the purpose's aspect ratio. */
  previewWidth: number;
}

/**
 * Picks and uploads one card image. The server crops it to the card's fixed box (SPEC §5), so the
 * hint names that size and the preview shows the cropped result the server answered.
 */
export function ImagePicker({ label, purpose, value, onChange, previewWidth }: ImagePickerProps) {
  const box = MEDIA_BOXES[purpose];
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadMedia(file, purpose, setProgress));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The upload failed. Please try again');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      description={`JPEG, PNG, WebP or GIF. The server crops it to ${box.width}×${box.height} px around the centre.`}
      error={error}
    >
      <Stack gap="xs" mt={6}>
        <Box
          w="100%"
          maw={previewWidth}
          bg="var(--mantine-color-default-hover)"
          style={{
            aspectRatio: `${box.width} / ${box.height}`,
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {value ? (
            <Image src={value.url} alt={`${label} preview`} w="100%" h="100%" fit="cover" />
          ) : (
            <Text size="xs" c="dimmed" ta="center" px="xs">
              No image
            </Text>
          )}
        </Box>
        {progress !== null && (
          <Progress value={progress * 100} size="sm" aria-label={`${label} upload progress`} animated />
        )}
        <Group gap="xs">
          <FileButton onChange={(f) => void upload(f)} accept={IMAGE_MIME_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={progress !== null}
              >
                {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange(null)}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
