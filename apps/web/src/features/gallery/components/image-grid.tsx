import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { AI_LABEL_TEXT } from '@brushline/shared/ai/constants';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { BlurCover } from './blur-cover.tsx';

/** Under the open image in the viewer: its AI label, and for its owner why staff hid it. */
function viewerCaption(image: GalleryImage | undefined) {
  if (!image || (!image.aiLabel && image.hiddenByStaff === null)) return null;
  return (
    <Group gap="xs" justify="center">
      <AiLabelBadge label={image.aiLabel} size="md" />
      <StaffHiddenNotice reason={image.hiddenByStaff} what="image" compact />
    </Group>
  );
}

const MediaViewer = lazy(async () => ({
  default: (await import('../../posts/components/media-viewer.tsx')).MediaViewer,
}));

/**
 * A responsive masonry of gallery images (CSS columns: 2 on phones up to 4 wide), each keeping
 * its space by its aspect ratio before it loads; a click opens the feed's full-screen viewer.
 * Images carrying a tag the reader blurs stay blurred until shown.
 */
export function ImageGrid({ images, showOwner = false }: { images: GalleryImage[]; showOwner?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<Set<string>>(new Set());
  return (
    <>
      {/* At most 4 columns, each at least 150 px: 2 on a 390 px phone (220 px made it one column of very large images). */}
      <Box style={{ columns: '4 150px', columnGap: 8 }}>
        {images.map((image, i) => {
          const blurred = image.blurred && !revealed.has(image.id);
          const label = image.title || `Image by ${image.owner.displayName}`;
          const ai = image.aiLabel ? `, ${AI_LABEL_TEXT[image.aiLabel]}` : '';
          return (
            <Box key={image.id} pos="relative" mb={8} style={{ breakInside: 'avoid' }}>
              <UnstyledButton
                display="block"
                w="100%"
                aria-label={`Open ${label}${ai}`}
                onClick={() => setOpen(i)}
                disabled={blurred}
              >
                <img
                  src={image.media.miniatureUrl}
                  alt={label}
                  loading="lazy"
                  style={{
                    width: '100%',
                    aspectRatio: `${image.media.width} / ${image.media.height}`,
                    display: 'block',
                    borderRadius: 6,
                    filter: blurred ? 'blur(18px)' : undefined,
                  }}
                />
              </UnstyledButton>
              {blurred && <BlurCover onReveal={() => setRevealed(new Set(revealed).add(image.id))} />}
              {/* On the picture's corner, above a blur too; the button's name already says it. */}
              <AiLabelBadge label={image.aiLabel} pos="absolute" top={6} left={6} aria-hidden />
              {showOwner && (
                <Text size="xs" c="dimmed" mt={2}>
                  {image.owner.displayName}
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
      {open !== null && (
        <Suspense fallback={null}>
          <MediaViewer
            media={images.map((i) => i.media)}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
            caption={(i) => viewerCaption(images[i])}
          />
        </Suspense>
      )}
    </>
  );
}
