import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
} from 'react';
import type { Tooltip as MantineTooltip } from './tooltip-impl.ts';

type TooltipComponent = typeof MantineTooltip;
let loaded: TooltipComponent | null = null;
const load = async () => (loaded ??= (await import('./tooltip-impl.ts')).Tooltip);
/** For tests: behave as before the first fetch again. */
export const forgetTooltipCode = () => void (loaded = null);

type Handler<E> = ((event: E) => void) | undefined;
type ChildProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: Handler<SyntheticEvent>;
  onMouseLeave?: Handler<SyntheticEvent>;
  onFocus?: Handler<FocusEvent>;
  onBlur?: Handler<FocusEvent>;
  onTouchStart?: Handler<SyntheticEvent>;
};

/**
 * Mantine's tooltip, fetched the first time someone points at, touches or focuses its target.
 * Tooltips sit on every post (badges, times) and their positioning engine is a fifth of the
 * feed's JavaScript, while they only matter once someone reaches for one. Until then the target
 * renders alone; when the code arrives while the pointer or focus is still there, the tooltip
 * takes over, opened, and behaves as Mantine's from then on.
 */
export function DeferredTooltip({
  children,
  ...props
}: TooltipProps & { children: ReactElement<ChildProps> }) {
  // A component in state: wrap it, or React takes it for a lazy initialiser.
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  const [reachedBy, setReachedBy] = useState<'pointer' | 'focus' | null>(null);
  const node = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!reachedBy || Tooltip) return;
    let still = true;
    void load().then((T) => still && setTooltip(() => T));
    return () => void (still = false);
  }, [reachedBy, Tooltip]);

  // The target was swapped for the tooltip-wrapped one: give keyboard focus back to it.
  useEffect(() => {
    if (Tooltip && reachedBy === 'focus') node.current?.focus();
  }, [Tooltip, reachedBy]);

  if (Tooltip) {
    return (
      <Tooltip {...props} defaultOpened={reachedBy !== null}>
        {cloneElement(children, { ref: node })}
      </Tooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onMouseEnter: (e) => (own.onMouseEnter?.(e), setReachedBy('pointer')),
    onMouseLeave: (e) => (own.onMouseLeave?.(e), setReachedBy(null)),
    onTouchStart: (e) => (own.onTouchStart?.(e), setReachedBy('pointer')),
    onFocus: (e) => (own.onFocus?.(e), setReachedBy('focus')),
    onBlur: (e) => (own.onBlur?.(e), setReachedBy(null)),
  });
}
