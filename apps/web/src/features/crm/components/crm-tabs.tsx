import { ScrollArea, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface CrmTab {
  value: string;
  label: string;
  artistOnly: boolean;
}

/** SPEC §2 CRM tabs plus the order screens; the value is the path under /crm. */
const TABS: CrmTab[] = [
  { value: 'tracker', label: 'Tracker', artistOnly: false },
  { value: 'cards', label: 'Commission forms', artistOnly: true },
  { value: 'requests/active', label: 'Requests', artistOnly: false },
  { value: 'pending/new', label: 'Incoming', artistOnly: true },
  { value: 'pending/active', label: 'Active', artistOnly: true },
  { value: 'outgoing/orders', label: 'Outgoing', artistOnly: false },
];

/** Which tab a /crm path belongs to (card-create and card-edit stay under Commission forms). */
function tabOf(pathname: string): string | null {
  const rest = pathname.replace(/^\/crm\/?/, '');
  const tab = TABS.find((t) => rest === t.value || rest.startsWith(`${t.value}/`));
  if (tab) return tab.value;
  return rest.startsWith('requests/') ? 'requests/active' : null;
}

export function CrmTabs({ isArtist }: { isArtist: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = TABS.filter((t) => isArtist || !t.artistOnly);
  const active = tabOf(location.pathname);
  const viewport = useRef<HTMLDivElement>(null);

  // On a phone the current tab may sit beyond the right edge: bring it into view, so the
  // highlighted tab always tells where the user is (without scrolling the page itself).
  useEffect(() => {
    const box = viewport.current;
    const tab = box?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!box || !tab) return;
    const b = box.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < b.left || t.right > b.right) {
      box.scrollTo({ left: box.scrollLeft + t.left - b.left - 16 });
    }
  }, [active]);

  return (
    // The six tabs are wider than a phone: they scroll sideways instead of wrapping.
    <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x" viewportRef={viewport}>
      <Tabs
        value={active}
        onChange={(value) => value && void navigate(`/crm/${value}`)}
        activateTabWithKeyboard={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label="CRM sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} style={{ whiteSpace: 'nowrap' }}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
