import { ScrollArea, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths, type PathName } from '@brushline/shared/paths';
import { OVERFLOW_ITEM, useHorizontalOverflow } from '../lib/use-horizontal-overflow.ts';
import { OverflowFrame } from './overflow-frame.tsx';

/** How far from either edge the fade and its arrow reach. */
const EDGE = 48;

/**
 * A section's tab row (the CRM's, the admin area's): one tab per screen, the current one
 * highlighted, a click goes to its screen. Wider than a phone, it scrolls sideways instead of
 * wrapping, and the edge where more tabs wait fades out under an arrow; the current tab is brought
 * to the middle, so the highlight always tells where the user is.
 */
export function SectionTabs({
  tabs,
  active,
  label,
}: {
  tabs: { path: PathName; label: string }[];
  active: PathName | null;
  /** The tab list's name for screen readers ("CRM sections"). */
  label: string;
}) {
  const navigate = useNavigate();
  const viewport = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(viewport);

  // Without scrolling the page itself, as scrollIntoView would.
  useEffect(() => {
    const box = viewport.current;
    const tab = box?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!box || !tab) return;
    const b = box.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    // Not laid out (hidden, or a test's DOM): nothing to measure.
    if (b.width === 0) return;
    if (t.left < b.left + EDGE || t.right > b.right - EDGE) {
      box.scrollTo({ left: box.scrollLeft + (t.left + t.right) / 2 - (b.left + b.right) / 2 });
    }
  }, [active]);

  return (
    <OverflowFrame overflow={overflow} arrows={{ back: 'Show earlier tabs', on: 'Show more tabs' }}>
      <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x" viewportRef={viewport}>
        <Tabs
          value={active}
          onChange={(value) => value && void navigate(paths[value as PathName])}
          activateTabWithKeyboard={false}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label={label}>
            {tabs.map((t) => (
              <Tabs.Tab
                key={t.path}
                value={t.path}
                style={{ whiteSpace: 'nowrap' }}
                {...{ [OVERFLOW_ITEM]: t.label }}
              >
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
    </OverflowFrame>
  );
}
