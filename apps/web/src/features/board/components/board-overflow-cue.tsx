import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { HorizontalOverflow } from '../../../lib/use-horizontal-overflow.ts';

const columns = (n: number) => (n === 1 ? '1 column' : `${n} columns`);

/**
 * Above a board wider than the screen: how many columns wait on each side and which, as buttons
 * that scroll a screenful that way (a keyboard reaches them; Tab into a column scrolls too). The
 * names may be cut with an ellipsis on a narrow screen: the button's name and title keep them.
 * Nothing when every column is in view.
 */
export function BoardOverflowCue({
  overflow,
}: {
  overflow: HorizontalOverflow & { scroll: (direction: 1 | -1) => void };
}) {
  const { before, after } = overflow;
  if (before.length === 0 && after.length === 0) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" mb={-4}>
      {before.length > 0 ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={() => overflow.scroll(-1)}
          title={before.join(', ')}
          styles={{ root: { minWidth: 0 }, label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {columns(before.length)} before: {before.join(', ')}
        </Button>
      ) : (
        <span />
      )}
      {after.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => overflow.scroll(1)}
          title={after.join(', ')}
          styles={{ root: { minWidth: 0 }, label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {after.length} more {after.length === 1 ? 'column' : 'columns'}: {after.join(', ')}
        </Button>
      )}
    </Group>
  );
}
