import { boardCrmPages } from '../../features/board/crm-pages.ts';
import { cardsCrmPages } from '../../features/cards/crm-pages.ts';
import { ordersCrmPages } from '../../features/orders/crm-pages.ts';
import type { CrmPage } from '../../lib/crm-page.ts';

/** The tabs whose features come in later releases: the shell says so rather than show nothing. */
const laterPages: CrmPage[] = [
  {
    path: 'crmRequests',
    aliases: ['crmRequestsAny'],
    artistOnly: false,
    tab: { label: 'Requests', order: 30 },
    load: async () => (await import('./crm-later-page.tsx')).RequestsLaterPage,
  },
];

/**
 * Every CRM page: the one list features plug theirs into (SPEC §2 CRM). A new feature adds its
 * `<feature>/crm-pages.ts` here; the routes and the tab row follow from this list.
 */
export const crmPages: CrmPage[] = [...boardCrmPages, ...laterPages, ...cardsCrmPages, ...ordersCrmPages];
