import { Stack, Title } from '@mantine/core';
import type { Card } from '@brushline/shared/cards/schemas';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { ImageGrid } from './image-grid.tsx';

/** A commission card's example folder on the commission page: its images this reader may see. */
export function CardExamples({ folder, owner }: { folder: Card['galleryFolder']; owner: Card['owner'] }) {
  if (!folder || folder.mediaFiles.length === 0) return null;
  const images: GalleryImage[] = folder.mediaFiles.map((media) => ({
    id: media.id,
    media,
    title: `Example from ${folder.folderName}`,
    privacy: 'Public',
    effectivePrivacy: 'Public',
    folderId: folder.id,
    tags: [],
    owner: { id: '', ...owner },
    blurred: false,
    // The card's folder lists bare media: an example's own label is not sent with it (the card's is).
    aiLabel: null,
    hiddenByStaff: null,
    createdAt: '',
  }));
  return (
    <Stack gap="xs" mt="lg" component="section" aria-label="Examples">
      <Title order={2} fz="h4">
        Examples: {folder.folderName}
      </Title>
      <ImageGrid images={images} />
    </Stack>
  );
}
