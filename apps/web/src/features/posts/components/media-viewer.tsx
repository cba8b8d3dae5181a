import { ActionIcon, Group, Image, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import type { Media } from '@brushline/shared/media/schemas';
import { IconChevronLeft, IconChevronRight } from './post-icons.tsx';

/**
 * The full-size images of a post, one at a time: previous/next buttons and the arrow keys move,
 * Escape or the close button leave. Full screen on phones.
 */
export function MediaViewer({
  media,
  index,
  onIndexChange,
  onClose,
}: {
  media: Media[];
  /** The open image, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 720px)');
  const open = index !== null && media.length > 0;
  const count = media.length;
  const current = open ? media[Math.min(index, count - 1)]! : null;

  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndexChange((index + count - 1) % count);
      if (e.key === 'ArrowRight') onIndexChange((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, count, onIndexChange]);

  return (
    <Modal
      opened={open}
      onClose={onClose}
      size="auto"
      fullScreen={phone}
      centered
      title={open && count > 1 ? `Image ${index + 1} of ${count}` : 'Image'}
    >
      {current && (
        <>
          <Image
            src={current.url}
            alt={`Image ${index! + 1} of ${count}`}
            fit="contain"
            // Leaves room for the title and the buttons on any screen.
            mah="calc(100dvh - 16rem)"
            maw="min(90vw, 1400px)"
            mx="auto"
          />
          {count > 1 && (
            <Group justify="space-between" mt="sm">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous image"
                onClick={() => onIndexChange((index! + count - 1) % count)}
              >
                <IconChevronLeft />
              </ActionIcon>
              <Text size="sm" c="dimmed" visibleFrom="sm">
                Use ← and → to move between images
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next image"
                onClick={() => onIndexChange((index! + 1) % count)}
              >
                <IconChevronRight />
              </ActionIcon>
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
