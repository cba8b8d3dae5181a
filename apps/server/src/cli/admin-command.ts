import { badgesFor, ROLES, type Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
import {
  findUserByLogin,
  grantRole,
  revokeRole,
  setBadgeFlag,
  type BadgeFlag,
  type UserRow,
} from '../modules/users/users.repo.ts';
import { notifyFromCommandLine } from '../modules/notifications/notifications.service.ts';

/**
 * Badges that are account flags; staff, artist and subscriber come from roles instead, and banned
 * from a ban, which staff give in the admin area (/admin/users) where it takes effect at once.
 */
const BADGE_FLAGS = {
  verified: 'isVerified',
  alpha: 'isAlpha',
} as const satisfies Record<string, BadgeFlag>;
type FlagBadge = keyof typeof BADGE_FLAGS;

export const adminUsage = `Usage:
  npm run admin -- grant-role <login> <role>
  npm run admin -- revoke-role <login> <role>
  npm run admin -- set-badge <login> <badge>
  npm run admin -- unset-badge <login> <badge>
  npm run admin -- show <login>
  npm run admin -- notify <login> <message>
Roles: ${ROLES.join(', ')}
Badges: ${Object.keys(BADGE_FLAGS).join(', ')} (staff, artist and subscriber follow the roles)
To suspend or ban, grant yourself admin or moderator and use /admin/users (it ends sessions at once).`;

const isRole = (r: string | undefined): r is Role => (ROLES as readonly string[]).includes(r ?? '');
const isFlagBadge = (b: string | undefined): b is FlagBadge => Object.hasOwn(BADGE_FLAGS, b ?? '');

const roleCommands = ['grant-role', 'revoke-role'];
const badgeCommands = ['set-badge', 'unset-badge'];

const describeUser = (u: UserRow) =>
  `${u.login}: ${u.roles.join(', ') || '(no roles)'}; badges: ${badgesFor(u.roles, u).join(', ') || '(none)'}`;

/** `npm run admin`: answers an exit code and the text to print. */
export async function adminCommand(db: Db, argv: string[]): Promise<{ code: number; out: string }> {
  const [command = '', login, arg] = argv;
  if (command === 'notify') {
    const message = argv.slice(2).join(' ').trim();
    return login && message
      ? notifyFromCommandLine({ db }, null, login, message)
      : { code: 2, out: adminUsage };
  }
  const valid =
    (roleCommands.includes(command) && isRole(arg)) ||
    (badgeCommands.includes(command) && isFlagBadge(arg)) ||
    command === 'show';
  if (!login || !valid) return { code: 2, out: adminUsage };
  const user = await findUserByLogin(db, login);
  if (!user) return { code: 1, out: `No user with login "${login}".` };
  if (command === 'grant-role') await grantRole(db, user.id, arg as Role);
  if (command === 'revoke-role') await revokeRole(db, user.id, arg as Role);
  if (badgeCommands.includes(command))
    await setBadgeFlag(db, user.id, BADGE_FLAGS[arg as FlagBadge], command === 'set-badge');
  const after = await findUserByLogin(db, login);
  if (roleCommands.includes(command))
    return { code: 0, out: `${after!.login}: ${after!.roles.join(', ') || '(no roles)'}` };
  return { code: 0, out: describeUser(after!) };
}
