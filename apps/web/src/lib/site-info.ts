import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_NAME, type SiteInfo } from '@brushline/shared/site';
import { api } from './api-client.ts';

export const siteInfoQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => api<SiteInfo>('site'),
  staleTime: Infinity,
});

/** Product name and contact mailbox (CONTACT_EMAIL on the server). */
export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteInfoQuery);
  return data ?? { productName: PRODUCT_NAME, contactEmail: '…' };
}
