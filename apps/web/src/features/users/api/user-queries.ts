import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ReviewSide } from '@brushline/shared/reviews/constants';
import type { Reputation, UserReviewsPage } from '@brushline/shared/reviews/schemas';
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
  allReviews: () => [...userKeys.all, 'reviews'] as const,
  reviews: (login: string, side: ReviewSide) =>
    [...userKeys.allReviews(), login.toLowerCase(), side] as const,
  reputation: (login: string) => [...userKeys.all, 'reputation', login.toLowerCase()] as const,
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

/** GET reviews/user/{login}: one side's reviews, newest first, with both sides' averages; public. */
export const userReviewsQuery = (login: string, side: ReviewSide) =>
  infiniteQueryOptions({
    queryKey: userKeys.reviews(login, side),
    queryFn: ({ pageParam }) =>
      api<UserReviewsPage>(`reviews/user/${encodeURIComponent(login)}`, {
        query: pageParam === null ? { side } : { side, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * GET reputation/{login} (decision 0023): a person's record as an artist and as a buyer. Asked
 * for beside whatever names them (a list may ask for many people at once, one request per login);
 * it moves only when an order ends or a review lands, so it stays fresh for a few minutes.
 */
export const reputationQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.reputation(login),
    queryFn: () => api<Reputation>(`reputation/${encodeURIComponent(login)}`),
    staleTime: 5 * 60 * 1000,
  });
