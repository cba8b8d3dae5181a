import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Card,
  CardBodyInput,
  CardSavedResponse,
  CardUpdateBodyInput,
} from '@brushline/shared/cards/schemas';
import { api } from '../../../lib/api-client.ts';

/** The one key factory of the cards feature. */
export const cardKeys = {
  all: ['cards'] as const,
  owned: () => [...cardKeys.all, 'owned'] as const,
  byUuid: (uuid: string) => [...cardKeys.all, 'uuid', uuid] as const,
  /** Every artist's open cards (profiles): a reader's hide-AI setting changes them all. */
  ofUsers: () => [...cardKeys.all, 'user'] as const,
  ofUser: (login: string) => [...cardKeys.ofUsers(), login.toLowerCase()] as const,
};

/** GET /comissioncards/user/{login}: an artist's open cards, for everyone (profiles). */
export const userCardsQuery = (login: string) =>
  queryOptions({
    queryKey: cardKeys.ofUser(login),
    queryFn: () => api<Card[]>(`comissioncards/user/${encodeURIComponent(login)}`),
  });

/** GET /comissioncard/owner: every card of the signed-in artist, closed ones included. */
export const ownCardsQuery = queryOptions({
  queryKey: cardKeys.owned(),
  queryFn: () => api<Card[]>('comissioncard/owner'),
});

/** GET /comissioncard/get/{uuid}: one card (a closed card only for its owner, else 404). */
export const cardQuery = (uuid: string) =>
  queryOptions({
    queryKey: cardKeys.byUuid(uuid),
    queryFn: () => api<Card>(`comissioncard/get/${encodeURIComponent(uuid)}`),
  });

function useRefreshCards() {
  const qc = useQueryClient();
  return (card?: Card) => {
    if (card) qc.setQueryData(cardKeys.byUuid(card.uuid), card);
    void qc.invalidateQueries({ queryKey: cardKeys.owned() });
  };
}

export function useCreateCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (body: CardBodyInput) =>
      api<CardSavedResponse>('commissioncard/create', { method: 'POST', body }),
    onSuccess: ({ card }) => refresh(card),
  });
}

export function useUpdateCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (body: CardUpdateBodyInput) =>
      api<CardSavedResponse>('comissioncard/update', { method: 'PUT', body }),
    onSuccess: ({ card }) => refresh(card),
  });
}

export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<{ message: string }>(`comissioncard/delete/${encodeURIComponent(uuid)}`, { method: 'DELETE' }),
    onSuccess: (_answer, uuid) => {
      qc.removeQueries({ queryKey: cardKeys.byUuid(uuid) });
      qc.setQueryData<Card[]>(cardKeys.owned(), (cards) => cards?.filter((c) => c.uuid !== uuid));
    },
  });
}
