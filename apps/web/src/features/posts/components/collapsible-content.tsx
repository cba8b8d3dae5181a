import { Box, Button } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POST_COLLAPSE_RATIO } from '@brushline/shared/posts/constants';

/**
 * SPEC §9: a post whose content is taller than 60 % of the window is shown cut to that height,
 * with a Show more / Show less toggle. Measured again whenever the content (images loading) or
 * the window changes size.
 */
export function CollapsibleContent({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [tooTall, setTooTall] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // scrollHeight is the full content height even while the box is cut. Not measured here at
    // once: reading it now would make the browser lay out the whole page inside React's commit
    // (a long task on a phone, decision 0008); the observer's first report comes after the browser's
    // own layout, before the first paint.
    const measure = () => setTooTall(el.scrollHeight > window.innerHeight * POST_COLLAPSE_RATIO);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const collapsed = tooTall && !expanded;
  return (
    <>
      <Box
        ref={ref}
        id={id}
        style={
          collapsed
            ? {
                maxHeight: `${POST_COLLAPSE_RATIO * 100}vh`,
                overflow: 'hidden',
                maskImage: 'linear-gradient(to bottom, black 80%, transparent)',
              }
            : undefined
        }
      >
        {children}
      </Box>
      {tooTall && (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          style={{ alignSelf: 'flex-start' }}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}
