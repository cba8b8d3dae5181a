import { useEffect, useRef } from 'react';

/**
 * Infinite loading: calls `onVisible` when the element given the returned ref scrolls into view
 * (within `rootMargin`, e.g. '600px 0px' to start a screen ahead of the reader), while `enabled`.
 */
export function useLoadWhenVisible(onVisible: () => void, enabled: boolean, rootMargin?: string) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callback, without re-observing on every render.
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    // Without IntersectionObserver (old browsers, tests) the "Load more" button still works.
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
