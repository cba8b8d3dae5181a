import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { RedirectUrl } from '@brushline/shared/payments/stripe';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './order-queries.ts';

/** GET /comissionform/{id}/payments: an order's money as the viewer's side sees it. */
export const moneyQuery = (formId: number) =>
  queryOptions({
    queryKey: orderKeys.money(formId),
    queryFn: () => api<OrderMoney>(`comissionform/${formId}/payments`),
  });

/** One money action: its route and body. Every one answers the order's money afterwards. */
export type MoneyAction =
  | { kind: 'request'; part: number; instructions: string }
  | { kind: 'paid'; part: number; reference: string }
  | { kind: 'confirm'; part: number; reference: string }
  | { kind: 'refund'; reference: string }
  | { kind: 'startBeforePayment'; enabled: boolean }
  | { kind: 'extension'; dueAt: string; reason: string }
  | { kind: 'acceptExtension' }
  | { kind: 'declineExtension' };

function call(formId: number, a: MoneyAction): Promise<OrderMoney> {
  const base = `comissionform/${formId}`;
  switch (a.kind) {
    case 'request':
      return api(`${base}/payments/${a.part}/request`, {
        method: 'PUT',
        body: { instructions: a.instructions },
      });
    case 'paid':
    case 'confirm':
      return api(`${base}/payments/${a.part}/${a.kind}`, { method: 'PUT', body: { reference: a.reference } });
    case 'refund':
      return api(`${base}/payments/refund`, { method: 'PUT', body: { reference: a.reference } });
    case 'startBeforePayment':
      return api(`${base}/payments/start-before-payment`, { method: 'PUT', body: { enabled: a.enabled } });
    case 'extension':
      return api(`${base}/extension`, { method: 'POST', body: { dueAt: a.dueAt, reason: a.reason } });
    case 'acceptExtension':
      return api(`${base}/extension/accept`, { method: 'PUT' });
    case 'declineExtension':
      return api(`${base}/extension/decline`, { method: 'PUT' });
  }
}

/**
 * The money actions of one order. The answer replaces the cached money; the order and the lists
 * are marked stale (an accepted extension moves the due date they show).
 */
export function useMoneyAction(formId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: MoneyAction) => call(formId, a),
    onSuccess: (money) => {
      qc.setQueryData(orderKeys.money(formId), money);
      void qc.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (q) => q.queryKey[1] !== 'money',
      });
    },
    // A refusal (409: the other side acted meanwhile) shows where things are now.
    onError: () => void qc.invalidateQueries({ queryKey: orderKeys.money(formId) }),
  });
}

/** The buyer cancels an order past its due date: what was paid becomes a refund owed. */
export function useCancelOverdue(formId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<SentForm>(`comissionform/${formId}/cancel-overdue`, { method: 'PUT' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * POST /comissionform/{id}/payments/{part}/checkout: a Stripe-hosted checkout page for one part;
 * the browser goes there and comes back to the order page with ?paid={part}.
 */
export function useCheckout(formId: number) {
  return useMutation({
    mutationFn: (part: number) =>
      api<RedirectUrl>(`comissionform/${formId}/payments/${part}/checkout`, { method: 'POST' }),
  });
}
