import { queryOptions } from '@tanstack/react-query';
import type { User } from '@brushline/shared/users/schemas';
import { api } from '../../../lib/api-client.ts';

export const userKeys = {
  all: ['users'] as const,
  byLogin: (login: string) => [...userKeys.all, 'login', login.toLowerCase()] as const,
};

export const userByLoginQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.byLogin(login),
    queryFn: () => api<User>(`user/${encodeURIComponent(login)}`),
  });
