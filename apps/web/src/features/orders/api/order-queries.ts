import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommissionerSummary,
  DeliverBodyInput,
  OrderPage,
  PendingGroup,
  SendBackBody,
  SendFormBodyInput,
  SendFormResponse,
  SentForm,
} from '@brushline/shared/orders/schemas';
import { api } from '../../../lib/api-client.ts';

/** The one key factory of the orders feature; realtime events invalidate `orderKeys.all`. */
export const orderKeys = {
  all: ['orders'] as const,
  outgoing: () => [...orderKeys.all, 'outgoing'] as const,
  pending: (login: string) => [...orderKeys.all, 'pending', login.toLowerCase()] as const,
  commissioners: () => [...orderKeys.all, 'commissioners'] as const,
  artistTasks: (login: string) => [...orderKeys.all, 'tasks', login.toLowerCase()] as const,
  order: (id: number) => [...orderKeys.all, 'order', id] as const,
  /** Under `all`: a CRM notification (every payment one) refetches it like the order itself. */
  money: (id: number) => [...orderKeys.all, 'money', id] as const,
  /** Under `all`: what refetches the order (a CRM notification, a reconnect) refetches its reviews. */
  reviews: (id: number) => [...orderKeys.all, 'reviews', id] as const,
};

/** GET /order/{id}: one order with its deliveries, work in progress and send-backs. */
export const orderPageQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.order(id),
    queryFn: () => api<OrderPage>(`order/${id}`),
  });

/** GET /comissionforms/outgoing: every form the signed-in user sent, any status. */
export const outgoingQuery = queryOptions({
  queryKey: orderKeys.outgoing(),
  queryFn: () => api<SentForm[]>('comissionforms/outgoing'),
});

/** GET /comissionforms/artist/pending/{login}: new forms to the artist, by commissioner. */
export const pendingQuery = (login: string) =>
  queryOptions({
    queryKey: orderKeys.pending(login),
    queryFn: () => api<PendingGroup[]>(`comissionforms/artist/pending/${encodeURIComponent(login)}`),
  });

/** GET /comissionform/comissioners: the artist's commissioners with task counts. */
export const commissionersQuery = queryOptions({
  queryKey: orderKeys.commissioners(),
  queryFn: () => api<CommissionerSummary[]>('comissionform/comissioners'),
});

/** GET /task/comissions/get/crm/{login}: every task of the artist, any status. */
export const artistTasksQuery = (login: string) =>
  queryOptions({
    queryKey: orderKeys.artistTasks(login),
    queryFn: () => api<SentForm[]>(`task/comissions/get/crm/${encodeURIComponent(login)}`),
  });

/** Every answer of this feature may have changed: the lists are small, so refetch them all. */
function useRefreshOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

export function useSendForm() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: SendFormBodyInput) =>
      api<SendFormResponse>('comissionform/send', { method: 'POST', body }),
    onSuccess: () => void refresh(),
  });
}

export function useMarkRead() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (id: number) => api<SentForm>(`comissionform/read/${id}`, { method: 'PUT' }),
    onSuccess: () => void refresh(),
  });
}

export function useDeclineForm() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ message: string }>(`comissionform/decline/${id}`, { method: 'DELETE', body: { reason } }),
    onSettled: () => void refresh(),
  });
}

export function useCancelAsBuyer() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`comissionform/decline-request-as-buyer/${id}`, { method: 'DELETE' }),
    onSettled: () => void refresh(),
  });
}

/** The task moves with a button each; sendBack carries the commissioner's comment. */
export type TaskMove =
  | { taskId: number; action: 'accept' | 'start' | 'approve' }
  | { taskId: number; action: 'send-back'; body: SendBackBody };

export function useMoveTask() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (move: TaskMove) =>
      api<SentForm>(`task/${move.taskId}/${move.action}`, {
        method: 'PUT',
        body: move.action === 'send-back' ? move.body : undefined,
      }),
    // Also after a refusal: a 409 means the task moved meanwhile, so show where it is now.
    onSettled: () => void refresh(),
  });
}

/** The artist delivers (processing → finished) or shares work in progress (no move), with files. */
export function useDeliver() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: async ({
      taskId,
      kind,
      body,
    }: {
      taskId: number;
      kind: 'delivery' | 'wip';
      body: DeliverBodyInput;
    }): Promise<void> => {
      if (kind === 'delivery') await api<SentForm>(`task/${taskId}/deliver`, { method: 'PUT', body });
      else await api<OrderPage>(`task/${taskId}/wip`, { method: 'POST', body });
    },
    onSettled: () => void refresh(),
  });
}

/**
 * The commissioner's answers to a work in progress on the order page: "Looks good" (PUT, once) and a
 * comment (POST). Both answer the whole order page, which replaces the cached one.
 */
export function useAnswerWip(formId: number) {
  const qc = useQueryClient();
  const onSuccess = (page: OrderPage) => {
    qc.setQueryData(orderKeys.order(formId), page);
    void qc.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
  };
  const looksGood = useMutation({
    mutationFn: (updateId: number) =>
      api<OrderPage>(`order/${formId}/updates/${updateId}/looks-good`, { method: 'PUT' }),
    onSuccess,
  });
  const comment = useMutation({
    mutationFn: ({ updateId, message }: { updateId: number; message: string }) =>
      api<OrderPage>(`order/${formId}/updates/${updateId}/comments`, { method: 'POST', body: { message } }),
    onSuccess,
  });
  return { looksGood, comment };
}
