import { matchPath, useLocation } from 'react-router';
import { paths, type PathName } from '@brushline/shared/paths';
import { SectionTabs } from '../../../components/section-tabs.tsx';

interface AdminTab {
  path: PathName;
  label: string;
  /** Moderators do not see it (its page is not found for them). */
  adminOnly: boolean;
  /** Screens that highlight this tab besides its own (a user's page sits under Users). */
  under?: PathName[];
}

/** The admin area's sections, in their order. */
export const adminTabs: AdminTab[] = [
  { path: 'adminUsers', label: 'Users', adminOnly: false, under: ['adminUser'] },
  { path: 'adminReports', label: 'Reports', adminOnly: false, under: ['adminReport'] },
  { path: 'adminAudit', label: 'Audit log', adminOnly: true },
  { path: 'adminSystem', label: 'System', adminOnly: false },
];

/** The tab an /admin location belongs to. */
export function adminTabOf(pathname: string): PathName | null {
  const tab = adminTabs.find((t) =>
    [t.path, ...(t.under ?? [])].some((name) => matchPath(paths[name], pathname)),
  );
  return tab?.path ?? null;
}

/** The admin area's tab row, drawn and used like the CRM's (components/section-tabs.tsx). */
export function AdminTabs({ isAdmin }: { isAdmin: boolean }) {
  const location = useLocation();
  const tabs = adminTabs.filter((t) => isAdmin || !t.adminOnly);
  return <SectionTabs tabs={tabs} active={adminTabOf(location.pathname)} label="Admin sections" />;
}
