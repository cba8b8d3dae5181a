import { ScrollArea, Tabs } from '@mantine/core';
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
  return (
    // The six tabs are wider than a phone: they scroll sideways instead of wrapping.
    <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
      <Tabs
        value={tabOf(location.pathname)}
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
