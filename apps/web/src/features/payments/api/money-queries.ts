import { queryOptions } from '@tanstack/react-query';
import type { MoneyOverview } from '@brushline/shared/payments/overview';
import { api } from '../../../lib/api-client.ts';

/** The one key factory of the payments feature's CRM page. */
export const moneyKeys = {
  all: ['money'] as const,
  overview: () => [...moneyKeys.all, 'overview'] as const,
};

/** GET crm/money: the viewer's money across their orders. */
export const moneyOverviewQuery = () =>
  queryOptions({
    queryKey: moneyKeys.overview(),
    queryFn: () => api<MoneyOverview>('crm/money'),
  });

/** The income export's address (a plain link: the browser downloads it with the session cookie). */
export const incomeCsvUrl = (from: string, to: string) =>
  `/api/crm/money/income.csv?${new URLSearchParams({ from, to }).toString()}`;
