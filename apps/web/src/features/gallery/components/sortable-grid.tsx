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
import { ActionIcon, Box, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';

/** SPEC §9: a drag starts after 5 px. */
const DRAG_DISTANCE = 5;

function Item({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon variant="subtle" aria-label={`Move ${label}`} {...attributes} {...listeners}>
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <Box
      ref={setNodeRef}
      data-sortable-item
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      {children(handle)}
    </Box>
  );
}

/**
 * Items reordered by drag and drop (dnd-kit: a mouse after 5 px on an item's handle, or the
 * keyboard: Space on the handle to lift, arrows to move, Space to drop). The new order is saved at
 * once with `save`; a refusal puts the old order back and says why. Give it `key` of the items'
 * ids, so a list that changed on the server starts it again from that order. Folders and the
 * images of a folder both use it.
 */
export function SortableGrid<T extends { id: string }>({
  items,
  label,
  save,
  cols,
  children,
}: {
  items: T[];
  /** What an item is called in the handle's name and the announcements ("Move Sketches"). */
  label: (item: T) => string;
  save: (ids: string[]) => Promise<{ message: string }>;
  cols: SimpleGridProps['cols'];
  /** The item, with its drag handle to place. */
  children: (item: T, handle: ReactNode) => ReactNode;
}) {
  const [order, setOrder] = useState(items);
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
    save(next.map((i) => i.id)).then(
      (res) => toast.success(res.message),
      (err: Error) => {
        setOrder(items);
        toast.error(err.message);
      },
    );
  };
  const name = (id: string | number) => {
    const item = order.find((i) => i.id === id);
    return item ? label(item) : 'the item';
  };
  const at = (id: string | number) => order.findIndex((i) => i.id === id) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${name(active.id)} is at position ${at(over.id)}.` : ''),
          onDragEnd: ({ active, over }) =>
            over ? `${name(active.id)} dropped at position ${at(over.id)}.` : '',
          onDragCancel: ({ active }) => `Moving ${name(active.id)} was canceled.`,
        },
      }}
    >
      <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy}>
        <SimpleGrid cols={cols} spacing="sm">
          {order.map((item) => (
            <Item key={item.id} id={item.id} label={label(item)}>
              {(handle) => children(item, handle)}
            </Item>
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
