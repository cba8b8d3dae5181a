import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { useReorderFolder } from '../api/gallery-queries.ts';
import { SortableGrid } from './sortable-grid.tsx';

const titleOf = (image: GalleryImage) => image.title || 'Untitled image';

/** Its privacy as the owner needs to know it: a stricter folder decides ("Private by folder"). */
export const privacyLabel = (image: GalleryImage) =>
  image.effectivePrivacy === image.privacy ? image.privacy : `${image.effectivePrivacy} by folder`;

/** One of the owner's images: the picture, its title and privacy, its editor, and a drag handle when sortable. */
export function OwnImageTile({
  image,
  handle,
  onEdit,
}: {
  image: GalleryImage;
  handle?: ReactNode;
  onEdit: (image: GalleryImage) => void;
}) {
  return (
    <Stack gap={2}>
      <Box pos="relative">
        <img
          src={image.media.miniatureUrl}
          alt={titleOf(image)}
          style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }}
        />
        <AiLabelBadge label={image.aiLabel} pos="absolute" top={6} left={6} />
      </Box>
      <Group justify="space-between" gap={4} wrap="nowrap">
        {handle}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" truncate="end">
            {titleOf(image)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {privacyLabel(image)}
          </Text>
        </Stack>
        <ActionIcon variant="subtle" aria-label={`Edit ${titleOf(image)}`} onClick={() => onEdit(image)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <StaffHiddenNotice reason={image.hiddenByStaff} what="image" compact />
    </Stack>
  );
}

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
      {(image, handle) => <OwnImageTile image={image} handle={handle} onEdit={onEdit} />}
    </SortableGrid>
  );
}
