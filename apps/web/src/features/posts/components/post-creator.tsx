import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Image,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { IMAGE_MIME_TYPES, uploadLimitFor } from '@brushline/shared/media/constants';
import { uploadTooLargeMessage } from '@brushline/shared/media/messages';
import { MATURITIES, POST_MEDIA_MAX, POST_TEXT_MAX, type Maturity } from '@brushline/shared/posts/constants';
import { postTextTooLong } from '@brushline/shared/posts/messages';
import type { Me } from '@brushline/shared/users/schemas';
import type { AiLabel } from '@brushline/shared/ai/constants';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { AiLabelSelect } from '../../../components/ai-label-select.tsx';
import { ImageDropzone } from '../../../components/image-dropzone.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreatePost } from '../api/post-mutations.ts';
import { usePostUploads, type PostUpload } from './use-post-uploads.ts';

const maturityLabels: Record<Maturity, string> = { sfw: 'SFW', questionable: 'Questionable', nsfw: 'NSFW' };

function UploadTile({ item, onRemove }: { item: PostUpload; onRemove: () => void }) {
  return (
    <Stack gap={4}>
      <div style={{ position: 'relative' }}>
        <Image
          src={item.previewUrl}
          alt={item.name}
          h={96}
          radius="sm"
          fit="cover"
          style={{ opacity: item.media ? 1 : 0.6 }}
        />
        <ActionIcon
          size="sm"
          color="dark"
          variant="filled"
          radius="xl"
          aria-label={`Remove ${item.name}`}
          onClick={onRemove}
          style={{ position: 'absolute', top: 4, right: 4 }}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </div>
      {item.error ? (
        <Text size="xs" c="red" role="alert">
          {item.error}
        </Text>
      ) : (
        !item.media && (
          <Progress value={item.progress * 100} size="sm" aria-label={`Uploading ${item.name}`} animated />
        )
      )}
    </Stack>
  );
}

/** SPEC §2 post creator: text with a live counter, up to 10 images, a maturity label. */
export function PostCreator({ user }: { user: Me }) {
  const [text, setText] = useState('');
  const [maturity, setMaturity] = useState<Maturity>('sfw');
  const [aiLabel, setAiLabel] = useState<AiLabel | null>(null);
  const uploads = usePostUploads();
  const create = useCreatePost();
  const limit = uploadLimitFor(user.roles);

  const tooLong = text.length > POST_TEXT_MAX;
  const empty = text.trim() === '' && uploads.mediaIds.length === 0;
  const blocked = tooLong || empty || uploads.uploading || uploads.failed || create.isPending;
  const room = POST_MEDIA_MAX - uploads.items.length;
  const openPicker = useRef<() => void>(null);
  const maturityLabelId = useId();

  const onDrop = (files: File[]) => {
    const left = uploads.add(files);
    if (left > 0) toast.error(`A post can have up to ${POST_MEDIA_MAX} images: ${left} left out`);
  };

  const submit = () => {
    if (blocked) return;
    create.mutate(
      { postContent: text, attachedMedia: uploads.mediaIds, maturity, aiLabel },
      {
        onSuccess: () => {
          setText('');
          setMaturity('sfw');
          setAiLabel(null);
          uploads.clear();
          create.reset();
          toast.success('Posted!');
        },
      },
    );
  };

  const serverError = create.error
    ? create.error instanceof ApiError
      ? create.error.message
      : 'Something went wrong. Please try again'
    : null;

  return (
    <Card withBorder padding="md" component="section" aria-label="New post">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="New post"
            placeholder="Share what you are working on…"
            autosize
            minRows={3}
            maxRows={12}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={tooLong ? postTextTooLong : undefined}
            description={
              <Text component="span" size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
                {text.length}/{POST_TEXT_MAX}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {uploads.items.length > 0 && (
            <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
              {uploads.items.map((item) => (
                <UploadTile key={item.key} item={item} onRemove={() => uploads.remove(item.key)} />
              ))}
            </SimpleGrid>
          )}
          {room > 0 && (
            <ImageDropzone
              onDrop={onDrop}
              onReject={(rejections) =>
                toast.error(
                  rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'))
                    ? uploadTooLargeMessage(limit)
                    : 'Only JPEG, PNG, WebP and GIF images can be attached',
                )
              }
              accept={[...IMAGE_MIME_TYPES]}
              maxSize={limit}
              p="sm"
              openRef={openPicker}
              // "Add images" below is the keyboard and touch way in; this strip is for dragging files
              // from the desktop, which phones cannot do, so they do not get it.
              activateOnKeyboard={false}
              visibleFrom="sm"
            >
              <Group gap="sm" justify="center" style={{ pointerEvents: 'none' }}>
                <IconPhoto size={22} aria-hidden />
                <Text size="sm" c="dimmed">
                  Drop images here or click to choose (up to {POST_MEDIA_MAX})
                </Text>
              </Group>
            </ImageDropzone>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={maturityLabelId}>
              Maturity
            </Text>
            <SegmentedControl
              aria-labelledby={maturityLabelId}
              value={maturity}
              onChange={setMaturity}
              data={MATURITIES.map((m) => ({ value: m, label: maturityLabels[m] }))}
            />
            {maturity !== 'sfw' && (
              <Text size="xs" c="dimmed">
                Shown only to signed-in people who display {maturityLabels[maturity]} posts in their settings.
              </Text>
            )}
          </Stack>
          <AiLabelSelect value={aiLabel} onChange={setAiLabel} />
          {uploads.failed && (
            <Text size="sm" c="red">
              Remove the images that failed to upload, or add them again.
            </Text>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconPhoto size={18} aria-hidden />}
                disabled={room === 0}
                onClick={() => openPicker.current?.()}
              >
                Add images
              </Button>
              {uploads.items.length > 0 && (
                <Text size="xs" c="dimmed">
                  {uploads.items.length}/{POST_MEDIA_MAX}
                </Text>
              )}
            </Group>
            <Button type="submit" disabled={blocked} loading={create.isPending}>
              Post
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
