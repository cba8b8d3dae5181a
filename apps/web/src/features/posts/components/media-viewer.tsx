import { ActionIcon, Box, Group, Image, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Media } from '@brushline/shared/media/schemas';

/** A horizontal swipe longer than this (px) turns the page on touch screens. */
const SWIPE = 50;

/**
 * The full-size images of a post, one at a time: previous/next buttons, the arrow keys and a
 * swipe move, Escape or the close button leave. Full screen on phones, with the image centred
 * and the buttons at the bottom where a thumb reaches them.
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
  const touch = useRef<{ x: number; y: number } | null>(null);
  const step = (by: number) => {
    if (index !== null) onIndexChange((index + by + count) % count);
  };

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
      styles={
        phone
          ? {
              content: { display: 'flex', flexDirection: 'column' },
              body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
            }
          : undefined
      }
    >
      {current && (
        <>
          <Box
            style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 0 }}
            onTouchStart={(e) => {
              const t = e.touches[0];
              touch.current = t ? { x: t.clientX, y: t.clientY } : null;
            }}
            onTouchEnd={(e) => {
              const start = touch.current;
              const t = e.changedTouches[0];
              touch.current = null;
              if (!start || !t || count < 2) return;
              const dx = t.clientX - start.x;
              if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(t.clientY - start.y)) step(dx < 0 ? 1 : -1);
            }}
          >
            <Image
              src={current.url}
              alt={`Image ${index! + 1} of ${count}`}
              fit="contain"
              // Leaves room for the title and the buttons on any screen.
              mah={phone ? 'calc(100dvh - 8rem)' : 'calc(100dvh - 16rem)'}
              maw={phone ? '100%' : 'min(90vw, 1400px)'}
              mx="auto"
            />
          </Box>
          {count > 1 && (
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <ActionIcon variant="default" size="xl" aria-label="Previous image" onClick={() => step(-1)}>
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text size="sm" c="dimmed" visibleFrom="sm">
                Use ← and → to move between images
              </Text>
              <Text size="sm" c="dimmed" hiddenFrom="sm">
                Swipe or tap the arrows
              </Text>
              <ActionIcon variant="default" size="xl" aria-label="Next image" onClick={() => step(1)}>
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
