import type { RegisterBody } from '@brushline/shared/auth/schemas';
import { paths, toPath } from '@brushline/shared/paths';

/**
 * The registration waiting for its code. Kept in memory only: it holds the password, so it is
 * never written to storage, and a reload means starting again (SPEC: verify returns to the
 * previous page when nothing is pending).
 */
let pendingRegistration: RegisterBody | null = null;
export const registration = {
  get: () => pendingRegistration,
  set: (body: RegisterBody) => void (pendingRegistration = body),
  clear: () => void (pendingRegistration = null),
};

/** The reset in progress survives a reload of its tab: the account named, then the one-time token. */
const key = (name: string) => `brushline.reset.${name}`;
export const resetFlow = {
  account: () => sessionStorage.getItem(key('account')) ?? undefined,
  setAccount: (v: string) => sessionStorage.setItem(key('account'), v),
  token: () => sessionStorage.getItem(key('token')),
  setToken: (v: string) => sessionStorage.setItem(key('token'), v),
  clear: () => {
    sessionStorage.removeItem(key('account'));
    sessionStorage.removeItem(key('token'));
  },
};

/** The sign-in, registration and reset screens: never a place to return to after signing in. */
const authPaths = [paths.login, paths.register, paths.reset];

/** Where to go after signing in: back where the user came from, else their profile (SPEC §2). */
export function afterLoginPath(from: unknown, login: string): string {
  const path = typeof from === 'string' ? from : '';
  const isAuthPage = authPaths.some((p) => path === p || path.startsWith(`${p}/`));
  // Only a path on this site: "//host" would leave it.
  const onSite = path.startsWith('/') && !path.startsWith('//');
  return onSite && !isAuthPage ? path : toPath('profileHome', { login });
}
