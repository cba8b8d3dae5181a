import { messages } from '@brushline/shared/messages';
import type { LoginBody } from '@brushline/shared/auth/schemas';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { dummyHash, verifyPassword } from '../../platform/passwords.ts';
import { startSession } from '../../platform/session.ts';
import { toMe } from '../users/users.dto.ts';
import { findUserForAuth } from '../users/users.repo.ts';

/** Signs in with a login or an e-mail. Unknown account and wrong password answer alike. */
export async function login(deps: Deps, body: LoginBody, ip: string) {
  await deps.limits.hit('loginIp', ip);
  await deps.limits.hit('loginAccount', body.login.trim());
  const row = await findUserForAuth(deps.db, body.login);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), body.password);
  if (!row || !ok) throw new AppError(401, 'login_failed', messages.loginFailed);
  await deps.limits.reset('loginAccount', body.login.trim());
  const { passwordHash: _, ...user } = row;
  return { user: toMe(user), token: await startSession(deps.db, row.id) };
}
