import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { Media } from '@brushline/shared/media/schemas';
import { POST_PICTURE_SIZES } from '@brushline/shared/media/responsive';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/** The viewer (a modal with swipe and keys) loads when someone first opens an image. */
const MediaViewer = lazy(async () => ({ default: (await import('./media-viewer.tsx')).MediaViewer }));

export type PictureLoading = 'first' | 'eager' | 'lazy';

/**
 * A post's 1 to 10 images as miniatures: one image keeps its shape, more fill square tiles
 * (two or three a row). Each opens the viewer at that image. Each box has the image's own shape
 * before it loads (width, height and aspect-ratio), so nothing below moves when it arrives.
 *
 * `load`: 'lazy' as the reader scrolls near; 'eager' for a post at the top of a list, on screen at
 * once, whose pictures load with the page rather than after layout; 'first' for the list's first
 * post, whose first picture (the largest paint of the page, as a rule) also goes ahead of others.
 */
export function PostMediaGrid({ media, load = 'lazy' }: { media: Media[]; load?: PictureLoading }) {
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const single = media.length === 1;
  return (
    <>
      <SimpleGrid
        cols={single ? 1 : { base: 2, xs: media.length === 2 || media.length === 4 ? 2 : 3 }}
        spacing={4}
      >
        {media.map((m, i) => (
          <UnstyledButton
            key={m.id}
            onClick={() => setOpen(i)}
            aria-label={`Open image ${i + 1} of ${media.length}`}
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', display: 'block' }}
          >
            <img
              {...responsiveImage(m, single ? POST_PICTURE_SIZES.single : POST_PICTURE_SIZES.grid)}
              alt=""
              loading={load === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={load === 'first' && i === 0 ? 'high' : undefined}
              width={m.width}
              height={m.height}
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                // One picture fits in the 60 % of the window a post may take before it is collapsed, with
                // room for a few lines of text: a short post with a tall picture is never cut.
                maxHeight: single ? 'min(520px, 45vh)' : undefined,
                aspectRatio: single ? `${m.width} / ${m.height}` : '1 / 1',
                objectFit: single ? 'contain' : 'cover',
                background: 'var(--mantine-color-default-hover)',
              }}
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {open !== null && (
        <Suspense fallback={null}>
          <MediaViewer media={media} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
