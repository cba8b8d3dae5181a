import { Anchor, Box, Group, Image, Modal, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DeliveryFile } from '@brushline/shared/orders/schemas';

/**
 * One delivered file at full size: the image at its own pixel size (scrolling when it is larger
 * than the screen, never scaled down), with its size and a download link under the file's name.
 */
export function FileViewer({
  file,
  title,
  onClose,
}: {
  file: DeliveryFile | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={file !== null} onClose={onClose} title={title} fullScreen>
      {file && (
        <Box>
          <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {file.width} × {file.height} px, full size
            </Text>
            <Anchor href={file.downloadUrl} download={file.fileName} fw={600}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
                Download {file.fileName}
              </Group>
            </Anchor>
          </Group>
          <Box
            // The element that scrolls takes the focus itself, so the keyboard can scroll it.
            style={{ overflow: 'auto', height: 'calc(100dvh - 140px)' }}
            tabIndex={0}
            role="region"
            aria-label="Full-size image, scroll to see all of it"
          >
            <Image
              src={file.url}
              alt={`${title}, full size`}
              // Pixels, not rem: the picture is shown at exactly its own size.
              style={{ width: `${file.width}px`, height: `${file.height}px`, maxWidth: 'none' }}
              fit="none"
              data-testid="full-size-image"
            />
          </Box>
        </Box>
      )}
    </Modal>
  );
}
