/** What an admin route says of itself (its `handle`): the layout reads it to guard the page. */
export interface AdminRouteHandle {
  /** Admins only: moderators get the not-found page, as everyone else does. */
  adminOnly?: boolean;
}

export const isAdminOnly = (handle: unknown) => (handle as AdminRouteHandle | undefined)?.adminOnly === true;
