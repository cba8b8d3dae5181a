import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/** What of a sideways-scrolling row is out of view: the labels of its items on each side. */
export interface HorizontalOverflow {
  /** Items mostly left of the visible part, in order. */
  before: string[];
  /** Items mostly right of it, in order. */
  after: string[];
  /** Whether there is more to scroll to on that side (a partly cut item counts). */
  canScrollBack: boolean;
  canScrollOn: boolean;
}

const NONE: HorizontalOverflow = { before: [], after: [], canScrollBack: false, canScrollOn: false };

/** The attribute an item of the row carries, with its label as the value. */
export const OVERFLOW_ITEM = 'data-overflow-item';

/** Less than this share of an item in view, and it counts as out of view. */
const SEEN = 0.5;

/** The overflow of `box` as it is laid out now. */
export function measureOverflow(box: HTMLElement): HorizontalOverflow {
  const { left, right } = box.getBoundingClientRect();
  const before: string[] = [];
  const after: string[] = [];
  for (const item of box.querySelectorAll<HTMLElement>(`[${OVERFLOW_ITEM}]`)) {
    const r = item.getBoundingClientRect();
    if (r.width === 0) continue;
    const seen = Math.max(0, Math.min(r.right, right) - Math.max(r.left, left)) / r.width;
    if (seen >= SEEN) continue;
    (r.left + r.width / 2 < left + (right - left) / 2 ? before : after).push(
      item.getAttribute(OVERFLOW_ITEM) ?? '',
    );
  }
  // One pixel of slack: zoomed pages round scroll positions.
  const max = box.scrollWidth - box.clientWidth;
  return {
    before,
    after,
    canScrollBack: box.scrollLeft > 1,
    canScrollOn: box.scrollLeft < max - 1,
  };
}

/**
 * Where one press of an arrow scrolls a row: a screenful less a little, so the item at the edge
 * stays in sight as a landmark; and all the way when that would leave less than a quarter screen
 * to go, so no press ends with the first or last item cut by a few pixels.
 */
export function scrollTarget(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
  direction: 1 | -1,
) {
  const max = Math.max(0, scrollWidth - clientWidth);
  const step = Math.max(clientWidth - 64, clientWidth / 2);
  const target = scrollLeft + direction * step;
  if (target < clientWidth / 4) return 0;
  if (target > max - clientWidth / 4) return max;
  return target;
}

const same = (a: HorizontalOverflow, b: HorizontalOverflow) =>
  a.canScrollBack === b.canScrollBack &&
  a.canScrollOn === b.canScrollOn &&
  a.before.join('\n') === b.before.join('\n') &&
  a.after.join('\n') === b.after.join('\n');

/**
 * Follows what of a sideways-scrolling row (`ref`, the element that scrolls) is out of view, so
 * the row can say so (a fade, arrows, "2 more columns"): on scroll, on resize of the row or of
 * its items, and after every render (an item added or renamed). `scroll(1)` shows the next
 * screenful, `scroll(-1)` the previous one.
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>) {
  const [overflow, setOverflow] = useState<HorizontalOverflow>(NONE);

  const update = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = measureOverflow(box);
    setOverflow((prev) => (same(prev, next) ? prev : next));
  }, [ref]);

  // After every render: cheap (a rectangle per item), and catches added or renamed items.
  useLayoutEffect(update);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    let frame = 0;
    const soon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    box.addEventListener('scroll', soon, { passive: true });
    const resize = new ResizeObserver(soon);
    resize.observe(box);
    for (const child of box.children) resize.observe(child);
    window.addEventListener('resize', soon);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener('scroll', soon);
      resize.disconnect();
      window.removeEventListener('resize', soon);
    };
  }, [ref, update]);

  const scroll = useCallback(
    (direction: 1 | -1) => {
      const box = ref.current;
      if (!box) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      box.scrollTo({
        left: scrollTarget(box.scrollLeft, box.clientWidth, box.scrollWidth, direction),
        behavior: reduce ? 'auto' : 'smooth',
      });
    },
    [ref],
  );

  return { ...overflow, scroll };
}
