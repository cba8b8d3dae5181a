/** The posts of one user, newest first, for the profile page; filled in by the feed work. */
export function UserPosts({ login }: { login: string }) {
  void login;
  return null;
}
