import { ActionIcon, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { useReorderFolder } from '../api/gallery-queries.ts';
import { SortableGrid } from './sortable-grid.tsx';

const titleOf = (image: GalleryImage) => image.title || 'Untitled image';

/**
 * The owner's images of one folder, reordered by drag and drop (SortableGrid: mouse or keyboard),
 * each with its editor. Give it `key` of the images' ids.
 */
export function SortableImages({
  folderId,
  images,
  onEdit,
}: {
  folderId: string;
  images: GalleryImage[];
  onEdit: (image: GalleryImage) => void;
}) {
  const reorder = useReorderFolder();
  return (
    <SortableGrid
      items={images}
      label={titleOf}
      cols={{ base: 2, xs: 3, md: 5 }}
      save={(mediaFiles) => reorder.mutateAsync({ id: folderId, mediaFiles })}
    >
      {(image, handle) => (
        <>
          <img
            src={image.media.miniatureUrl}
            alt={titleOf(image)}
            style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }}
          />
          <Group justify="space-between" gap={4} wrap="nowrap">
            {handle}
            <Text size="xs" c="dimmed" truncate="end">
              {image.privacy}
            </Text>
            <ActionIcon variant="subtle" aria-label={`Edit ${titleOf(image)}`} onClick={() => onEdit(image)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </>
      )}
    </SortableGrid>
  );
}
