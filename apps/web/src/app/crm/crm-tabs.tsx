import { matchPath, useLocation } from 'react-router';
import { paths, redirectPaths, type PathName } from '@brushline/shared/paths';
import { SectionTabs } from '../../components/section-tabs.tsx';
import type { CrmPage } from '../../lib/crm-page.ts';
import { crmPages } from './crm-pages.ts';

interface CrmTab {
  path: PathName;
  label: string;
  order: number;
  artistOnly: boolean;
}

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
  const tabs = crmTabs.filter((t) => isArtist || !t.artistOnly);
  return <SectionTabs tabs={tabs} active={tabOf(location.pathname)} label="CRM sections" />;
}
