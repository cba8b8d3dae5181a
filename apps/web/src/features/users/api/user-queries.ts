import { queryOptions } from '@tanstack/react-query';
import type { SocialLink, User, UserSettings } from '@brushline/shared/users/schemas';
import { api } from '../../../lib/api-client.ts';

/** Every key of the users feature (profiles, settings, socials) starts with ['users']. */
export const userKeys = {
  all: ['users'] as const,
  byLogin: (login: string) => [...userKeys.all, 'login', login.toLowerCase()] as const,
  settings: (login: string) => [...userKeys.all, 'settings', login.toLowerCase()] as const,
  socials: (login: string) => [...userKeys.all, 'socials', login.toLowerCase()] as const,
  notificationPreferences: (login: string) =>
    [...userKeys.all, 'notification-preferences', login.toLowerCase()] as const,
};

export const userByLoginQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.byLogin(login),
    queryFn: () => api<User>(`user/${encodeURIComponent(login)}`),
  });

/** SPEC §7 GET user/settings/login/{login}: the signed-in user's own settings. */
export const settingsQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.settings(login),
    queryFn: () => api<UserSettings>(`user/settings/login/${encodeURIComponent(login)}`),
  });

export const socialsQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.socials(login),
    queryFn: () => api<SocialLink[]>(`user/socials/${encodeURIComponent(login)}`),
  });
