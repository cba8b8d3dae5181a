import {
  ActionIcon,
  Box,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_TEXT_MAX } from '@brushline/shared/chat/constants';
import { chatMessages } from '@brushline/shared/chat/messages';
import type { ChatAttachment } from '@brushline/shared/chat/schemas';
import { IMAGE_MIME_TYPES } from '@brushline/shared/media/constants';
import { toast } from '../../../lib/toast.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';

interface Upload {
  key: string;
  preview: string;
  media: ChatAttachment | null;
}

/**
 * Writing a message: Enter sends, Shift+Enter adds a line (SPEC §5); pictures are uploaded as they
 * are picked (purpose chat, up to CHAT_ATTACHMENTS_MAX); sending needs text or a picture.
 */
export function Composer({
  onSend,
  onTyping,
  disabled,
}: {
  onSend: (text: string, attachments: ChatAttachment[]) => void;
  onTyping: () => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const resetFiles = useRef<() => void>(null);
  const uploading = uploads.some((u) => !u.media);
  const ready = uploads.flatMap((u) => (u.media ? [u.media] : []));
  const canSend = !disabled && !uploading && (text.trim().length > 0 || ready.length > 0);

  const send = () => {
    if (!canSend) return;
    onSend(text, ready);
    setText('');
    uploads.forEach((u) => URL.revokeObjectURL(u.preview));
    setUploads([]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const pick = (files: File[]) => {
    resetFiles.current?.();
    const room = CHAT_ATTACHMENTS_MAX - uploads.length;
    if (files.length > room) toast.error(chatMessages.tooManyAttachments);
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = crypto.randomUUID();
      setUploads((list) => [...list, { key, preview: URL.createObjectURL(file), media: null }]);
      uploadMedia(file, 'chat')
        .then((media) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, media } : u))))
        .catch((err: unknown) => {
          setUploads((list) => list.filter((u) => u.key !== key));
          toast.error(err instanceof Error ? err.message : 'Could not upload the picture');
        });
    }
  };

  return (
    <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {uploads.length > 0 && (
        <Group gap={6}>
          {uploads.map((u, i) => (
            <Box key={u.key} pos="relative" w={56} h={56}>
              <Image src={u.preview} alt={`Picture ${i + 1} to send`} w={56} h={56} radius="sm" fit="cover" />
              {!u.media && (
                <Loader
                  size="xs"
                  pos="absolute"
                  top={18}
                  left={18}
                  role="progressbar"
                  aria-label={`Uploading picture ${i + 1}`}
                />
              )}
              <CloseButton
                size="xs"
                pos="absolute"
                top={-6}
                right={-6}
                variant="filled"
                aria-label={`Remove picture ${i + 1}`}
                onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
              />
            </Box>
          ))}
        </Group>
      )}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <FileButton
          resetRef={resetFiles}
          onChange={pick}
          accept={IMAGE_MIME_TYPES.join(',')}
          multiple
          disabled={disabled || uploads.length >= CHAT_ATTACHMENTS_MAX}
        >
          {(props) => (
            <ActionIcon {...props} variant="default" size="lg" aria-label="Attach pictures">
              <IconPaperclip size={18} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          aria-label="Message"
          placeholder="Write a message… (Enter sends, Shift+Enter adds a line)"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_MESSAGE_TEXT_MAX}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (e.currentTarget.value) onTyping();
          }}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
        />
        <ActionIcon size="lg" onClick={send} disabled={!canSend} aria-label="Send">
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {text.length > CHAT_MESSAGE_TEXT_MAX * 0.9 && (
        <Text size="xs" c="dimmed" ta="right">
          {text.length} / {CHAT_MESSAGE_TEXT_MAX}
        </Text>
      )}
    </Stack>
  );
}
