import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, SimpleGrid, Text } from '@mantine/core';
import { IconGripVertical, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { toast } from '../../../lib/toast.ts';
import { useReorderFolder } from '../api/gallery-queries.ts';

/** SPEC §9: a drag starts after 5 px. */
const DRAG_DISTANCE = 5;

function Tile({ image, onEdit }: { image: GalleryImage; onEdit: () => void }) {
  const label = image.title || 'Untitled image';
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
  });
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <img
        src={image.media.miniatureUrl}
        alt={label}
        style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }}
      />
      <Group justify="space-between" gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={`Move ${label}`} {...attributes} {...listeners}>
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Text size="xs" c="dimmed" truncate="end">
          {image.privacy}
        </Text>
        <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Box>
  );
}

/**
 * The owner's images of one folder, reordered by drag and drop (dnd-kit: a mouse after 5 px, or
 * the keyboard: Space to lift, arrows to move, Space to drop). The new order is saved at once; a
 * refusal puts the old order back and says why. Give it `key` of the images' ids, so a list
 * that changed on the server starts it again from that order.
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
  const [order, setOrder] = useState(images);
  const reorder = useReorderFolder();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    reorder.mutate(
      { id: folderId, mediaFiles: next.map((i) => i.id) },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) => {
          setOrder(images);
          toast.error(err.message);
        },
      },
    );
  };
  const title = (id: string | number) => order.find((i) => i.id === id)?.title || 'the image';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${title(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${title(active.id)} is at position ${order.findIndex((i) => i.id === over.id) + 1}.` : '',
          onDragEnd: ({ active, over }) =>
            over
              ? `${title(active.id)} dropped at position ${order.findIndex((i) => i.id === over.id) + 1}.`
              : '',
          onDragCancel: ({ active }) => `Moving ${title(active.id)} was canceled.`,
        },
      }}
    >
      <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy}>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
          {order.map((image) => (
            <Tile key={image.id} image={image} onEdit={() => onEdit(image)} />
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
