import { ScrollArea, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { paths, redirectPaths, type PathName } from '@brushline/shared/paths';
import { OverflowFrame } from '../../components/overflow-frame.tsx';
import type { CrmPage } from '../../lib/crm-page.ts';
import { OVERFLOW_ITEM, useHorizontalOverflow } from '../../lib/use-horizontal-overflow.ts';
import { crmPages } from './crm-pages.ts';

interface CrmTab {
  path: PathName;
  label: string;
  order: number;
  artistOnly: boolean;
}

/** How far from either edge the fade and its arrow reach. */
const EDGE = 48;

/** The tab row, from the pages that have a tab of their own, in their order. */
export const crmTabs: CrmTab[] = crmPages
  .flatMap((p) => ('label' in p.tab ? [{ path: p.path, artistOnly: p.artistOnly, ...p.tab }] : []))
  .sort((a, b) => a.order - b.order);

const patternsOf = (page: CrmPage) => [
  paths[page.path],
  ...(page.aliases ?? []).map((a) => redirectPaths[a]),
];

/** The tab a /crm location belongs to: its page's own tab, or the one it sits under. */
export function tabOf(pathname: string): PathName | null {
  const page = crmPages.find((p) => patternsOf(p).some((pattern) => matchPath(pattern, pathname)));
  if (!page) return null;
  return 'under' in page.tab ? page.tab.under : page.path;
}

export function CrmTabs({ isArtist }: { isArtist: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = crmTabs.filter((t) => isArtist || !t.artistOnly);
  const active = tabOf(location.pathname);
  const viewport = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(viewport);

  // On a phone the current tab may sit beyond the edge, or under the fade and arrow there: bring
  // it to the middle, so the highlighted tab always tells where the user is (without scrolling
  // the page itself, as scrollIntoView would).
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
    // The six tabs are wider than a phone: they scroll sideways instead of wrapping, and the edge
    // where more tabs wait fades out under an arrow, so no tab is out of view without a cue.
    <OverflowFrame overflow={overflow} arrows={{ back: 'Show earlier tabs', on: 'Show more tabs' }}>
      <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x" viewportRef={viewport}>
        <Tabs
          value={active}
          onChange={(value) => value && void navigate(paths[value as PathName])}
          activateTabWithKeyboard={false}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label="CRM sections">
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
