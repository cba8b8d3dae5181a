import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Me,
  SocialBody,
  SocialLink,
  UpdateProfileBody,
  UpdateSettingsBody,
  User,
  UserSettings,
} from '@brushline/shared/users/schemas';
import { api } from '../../../lib/api-client.ts';
import { sessionQuery } from '../../../lib/session.ts';
import { cardKeys } from '../../cards/api/card-queries.ts';
import { galleryKeys } from '../../gallery/api/gallery-queries.ts';
import { postKeys } from '../../posts/api/post-queries.ts';
import { userKeys } from './user-queries.ts';

/** The public view of the signed-in user, for the profile cache (the e-mail stays private). */
function publicUser(me: Me): User {
  const { email, ...user } = me;
  void email;
  return user;
}

/** After a change to the signed-in user: the session and their profile show the new state. */
function refreshSelf(qc: QueryClient, me: Me) {
  qc.setQueryData(sessionQuery.queryKey, me);
  qc.setQueryData(userKeys.byLogin(me.displayLogin), publicUser(me));
}

/** PATCH user/profile: display name and pictures of the signed-in user (also shown on their posts). */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api<Me>('user/profile', { method: 'PATCH', body }),
    onSuccess: (me) => {
      refreshSelf(qc, me);
      void qc.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

/**
 * SPEC §7 PATCH user/update/settings/id/{id}. The maturity switches change what the feed shows,
 * and isArtist changes the roles, so the feed, the session and the profile are fetched again.
 * hideAI (decision 0025) also changes the galleries, the artists list and profiles' cards: when it
 * changed, those are fetched again too.
 */
export function useUpdateSettings(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody & { id: string }) =>
      api<UserSettings & { message: string }>(`user/update/settings/id/${body.id}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: async ({ message, ...settings }) => {
      void message;
      const before = qc.getQueryData<UserSettings>(userKeys.settings(login));
      qc.setQueryData(userKeys.settings(login), settings);
      const aiChanged = before?.hideAI !== settings.hideAI;
      await Promise.all([
        qc.invalidateQueries({ queryKey: postKeys.lists() }),
        qc.invalidateQueries({ queryKey: sessionQuery.queryKey }),
        qc.invalidateQueries({ queryKey: userKeys.byLogin(login) }),
        ...(aiChanged
          ? [
              qc.invalidateQueries({ queryKey: galleryKeys.all }),
              qc.invalidateQueries({ queryKey: cardKeys.ofUsers() }),
            ]
          : []),
      ]);
    },
  });
}

type SavedLink = SocialLink & { message: string };

/** Socials are shown on the profile and in settings: both are fetched again after a change. */
const refreshSocials = (qc: QueryClient, login: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: userKeys.socials(login) }),
    qc.invalidateQueries({ queryKey: userKeys.byLogin(login) }),
    qc.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  ]);

/** SPEC §7 socials calls: add (unsaved rows), update (rows with an id above 0), delete. */
export function useSocialMutations(login: string) {
  const qc = useQueryClient();
  const onSuccess = () => void refreshSocials(qc, login);
  const add = useMutation({
    mutationFn: (body: SocialBody) => api<SavedLink>('user/socials/add', { method: 'POST', body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: SocialBody & { id: number }) =>
      api<SavedLink>(`user/socials/update/${id}`, { method: 'PATCH', body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      api<{ id: number; message: string }>(`user/socials/delete/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { add, update, remove };
}
