import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { HorizontalOverflow } from '../lib/use-horizontal-overflow.ts';
import classes from './overflow-frame.module.css';

/**
 * Wraps a sideways-scrolling row (its scrolling element inside `children`) so a reader sees that
 * it goes on: the edge where more is hidden fades into the page and, with `arrows`, carries a
 * button that scrolls a screenful on. `overflow` comes from useHorizontalOverflow on that element.
 * `fadeBottom` leaves a scrollbar below the fade uncovered.
 */
export function OverflowFrame({
  overflow,
  arrows,
  fadeBottom,
  children,
}: {
  overflow: HorizontalOverflow & { scroll: (direction: 1 | -1) => void };
  /** What the arrows move, for their names ("Show earlier tabs", "Show more tabs"). */
  arrows?: { back: string; on: string };
  fadeBottom?: number;
  children: ReactNode;
}) {
  const style = fadeBottom ? ({ '--overflow-fade-bottom': `${fadeBottom}px` } as CSSProperties) : undefined;
  return (
    <div
      className={classes.frame}
      data-back={overflow.canScrollBack || undefined}
      data-on={overflow.canScrollOn || undefined}
      style={style}
    >
      {children}
      {arrows && overflow.canScrollBack && (
        <ActionIcon
          className={classes.arrow}
          data-side="back"
          variant="default"
          radius="xl"
          size="md"
          aria-label={arrows.back}
          onClick={() => overflow.scroll(-1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
      )}
      {arrows && overflow.canScrollOn && (
        <ActionIcon
          className={classes.arrow}
          data-side="on"
          variant="default"
          radius="xl"
          size="md"
          aria-label={arrows.on}
          onClick={() => overflow.scroll(1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      )}
    </div>
  );
}
