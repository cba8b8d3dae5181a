import { ActionIcon, Box, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  IconChevronLeft,
  IconChevronRight,
  IconExternalLink,
  IconMaximize,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchContentRef } from 'react-zoom-pan-pinch';
import type { Media } from '@brushline/shared/media/schemas';

/** A horizontal swipe longer than this (px) turns the page on touch screens (when not zoomed in). */
const SWIPE = 50;
/** Zoom goes from "fit to the screen" (1) up to this many times that. */
const MAX_ZOOM = 8;
/** One press of a zoom button or key: log-scale step of the zoom library (0.5 ≈ ×1.65). */
const ZOOM_STEP = 0.5;

/**
 * The full-size images of a post, one at a time, on the whole screen: each image opens fitted to
 * the screen and can be zoomed (wheel, pinch, double click, the buttons, + and -) and dragged;
 * "Fit" (or 0) brings it back, "Open original" shows the stored file on its own. Previous/next
 * buttons, the arrow keys and a swipe move between images while the image is fitted; Escape or
 * the close button leave.
 */
export function MediaViewer({
  media,
  index,
  onIndexChange,
  onClose,
  caption,
}: {
  media: Media[];
  /** Shown above the buttons for the open image: a gallery image's AI label, say. */
  caption?: (index: number) => ReactNode;
  /** The open image, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && media.length > 0;
  const count = media.length;
  const shownCaption = open ? caption?.(Math.min(index, count - 1)) : null;
  const current = open ? media[Math.min(index, count - 1)]! : null;
  const touch = useRef<{ x: number; y: number } | null>(null);
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  // The zoom of the image on screen; another image starts fitted (its wrapper is drawn anew).
  const [zoomOf, setZoomOf] = useState<{ id: string; scale: number } | null>(null);
  const scale = zoomOf && zoomOf.id === current?.id ? zoomOf.scale : 1;
  /** Shown width ÷ stored width when fitted, so the zoom reads as a share of the original's pixels. */
  const [fitRatio, setFitRatio] = useState<number | null>(null);
  const picture = useRef<HTMLImageElement>(null);
  const zoomed = scale > 1.01;
  const percent = fitRatio === null ? null : Math.round(scale * fitRatio * 100);
  const zoomLabel = !zoomed ? 'Fit' : percent === null ? `×${scale.toFixed(1)}` : `${percent}%`;
  const step = (by: number) => {
    if (index !== null) onIndexChange((index + by + count) % count);
  };

  useEffect(() => {
    const measure = () => {
      const img = picture.current;
      if (img && current && img.clientWidth > 0) setFitRatio(img.clientWidth / current.width);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [current]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '+' || e.key === '=') void zoom.current?.zoomIn(ZOOM_STEP);
      else if (e.key === '-') void zoom.current?.zoomOut(ZOOM_STEP);
      else if (e.key === '0') void zoom.current?.resetTransform();
      else if (count > 1 && !zoomed && e.key === 'ArrowLeft') onIndexChange((index + count - 1) % count);
      else if (count > 1 && !zoomed && e.key === 'ArrowRight') onIndexChange((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, count, zoomed, onIndexChange]);

  return (
    <Modal
      opened={open}
      onClose={onClose}
      fullScreen
      title={open && count > 1 ? `Image ${index + 1} of ${count}` : 'Image'}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: {
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          minHeight: 0,
          paddingBottom: 'var(--mantine-spacing-sm)',
        },
      }}
    >
      {current && (
        <>
          <Box
            style={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'hidden' }}
            onTouchStart={(e) => {
              const t = e.touches[0];
              touch.current = t && e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
            }}
            onTouchEnd={(e) => {
              const start = touch.current;
              const t = e.changedTouches[0];
              touch.current = null;
              if (!start || !t || count < 2 || zoomed) return;
              const dx = t.clientX - start.x;
              if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(t.clientY - start.y)) step(dx < 0 ? 1 : -1);
            }}
          >
            <TransformWrapper
              key={current.id}
              ref={zoom}
              minScale={1}
              maxScale={MAX_ZOOM}
              centerOnInit
              doubleClick={{ mode: 'toggle', step: 1 }}
              // At "fit" a drag would only wobble the image; swipes belong to the page turn then.
              panning={{ disabled: !zoomed }}
              onTransform={(_ref, state) => setZoomOf({ id: current.id, scale: state.scale })}
            >
              <TransformComponent
                wrapperStyle={{ width: '100%', height: '100%' }}
                contentStyle={{
                  width: '100%',
                  height: '100%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <img
                  ref={picture}
                  onLoad={(e) => setFitRatio(e.currentTarget.clientWidth / current.width || null)}
                  src={current.url}
                  alt={`Image ${index! + 1} of ${count}`}
                  width={current.width}
                  height={current.height}
                  draggable={false}
                  style={{
                    maxWidth: '100%',
                    maxHeight: '100%',
                    width: 'auto',
                    height: 'auto',
                    objectFit: 'contain',
                  }}
                />
              </TransformComponent>
            </TransformWrapper>
          </Box>
          {shownCaption && <Box mt="xs">{shownCaption}</Box>}
          <Group justify="space-between" mt="sm" wrap="nowrap" gap="xs">
            <ActionIcon
              variant="default"
              size="xl"
              aria-label="Previous image"
              onClick={() => step(-1)}
              disabled={count < 2}
              style={count < 2 ? { visibility: 'hidden' } : undefined}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Group gap="xs" wrap="nowrap" justify="center">
              {/* Tooltips stay inside the dialog, not in a portal outside every landmark (axe region). */}
              <Tooltip label="Zoom out (−)" withinPortal={false}>
                <ActionIcon
                  variant="default"
                  size="xl"
                  aria-label="Zoom out"
                  disabled={!zoomed}
                  onClick={() => void zoom.current?.zoomOut(ZOOM_STEP)}
                >
                  <IconZoomOut size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Text
                size="sm"
                w="3.5rem"
                ta="center"
                aria-live="polite"
                aria-label={zoomed ? `Zoom ${zoomLabel} of the original` : 'Zoom: fitted to the screen'}
              >
                {zoomLabel}
              </Text>
              <Tooltip label="Zoom in (+)" withinPortal={false}>
                <ActionIcon
                  variant="default"
                  size="xl"
                  aria-label="Zoom in"
                  disabled={scale >= MAX_ZOOM}
                  onClick={() => void zoom.current?.zoomIn(ZOOM_STEP)}
                >
                  <IconZoomIn size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Fit to the screen (0)" withinPortal={false}>
                <ActionIcon
                  variant="default"
                  size="xl"
                  aria-label="Fit to the screen"
                  disabled={!zoomed}
                  onClick={() => void zoom.current?.resetTransform()}
                >
                  <IconMaximize size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip
                label={`Open the original (${current.width} × ${current.height})`}
                withinPortal={false}
              >
                <ActionIcon
                  component="a"
                  href={current.url}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                  size="xl"
                  aria-label={`Open the original, ${current.width} × ${current.height}, in a new tab`}
                >
                  <IconExternalLink size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <ActionIcon
              variant="default"
              size="xl"
              aria-label="Next image"
              onClick={() => step(1)}
              disabled={count < 2}
              style={count < 2 ? { visibility: 'hidden' } : undefined}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="xs" c="dimmed" ta="center" mt={4} visibleFrom="sm">
            {count > 1 ? '← and → move between images; ' : ''}scroll or + and − zoom, drag to look around, 0
            fits
          </Text>
        </>
      )}
    </Modal>
  );
}
