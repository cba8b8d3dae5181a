import { ROLES, type Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
import { findUserByLogin, grantRole, revokeRole } from '../modules/users/users.repo.ts';

export const adminUsage = `Usage:
  npm run admin -- grant-role <login> <role>
  npm run admin -- revoke-role <login> <role>
  npm run admin -- show <login>
Roles: ${ROLES.join(', ')}`;

const isRole = (r: string | undefined): r is Role => (ROLES as readonly string[]).includes(r ?? '');

/** `npm run admin`: answers an exit code and the text to print. */
export async function adminCommand(db: Db, argv: string[]): Promise<{ code: number; out: string }> {
  const [command, login, role] = argv;
  const known = command === 'grant-role' || command === 'revoke-role' || command === 'show';
  if (!login || !known || (command !== 'show' && !isRole(role))) return { code: 2, out: adminUsage };
  const user = await findUserByLogin(db, login);
  if (!user) return { code: 1, out: `No user with login "${login}".` };
  if (command === 'grant-role') await grantRole(db, user.id, role as Role);
  if (command === 'revoke-role') await revokeRole(db, user.id, role as Role);
  const after = await findUserByLogin(db, login);
  return { code: 0, out: `${after!.login}: ${after!.roles.join(', ') || '(no roles)'}` };
}
