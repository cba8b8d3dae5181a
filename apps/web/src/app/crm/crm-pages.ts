import { boardCrmPages } from '../../features/board/crm-pages.ts';
import { cardsCrmPages } from '../../features/cards/crm-pages.ts';
import { ordersCrmPages } from '../../features/orders/crm-pages.ts';
import { paymentsCrmPages } from '../../features/payments/crm-pages.ts';
import { requestsCrmPages } from '../../features/requests/crm-pages.ts';
import type { CrmPage } from '../../lib/crm-page.ts';

/**
 * Every CRM page: the one list features plug theirs into (SPEC §2 CRM). A new feature adds its
 * `<feature>/crm-pages.ts` here; the routes and the tab row follow from this list.
 */
export const crmPages: CrmPage[] = [
  ...boardCrmPages,
  ...requestsCrmPages,
  ...cardsCrmPages,
  ...ordersCrmPages,
  ...paymentsCrmPages,
];
