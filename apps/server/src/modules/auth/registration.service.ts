import { randomInt, randomUUID } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODE_TTL_MS,
  REGISTER_CODE_LENGTH,
} from '@brushline/shared/auth/constants';
import { messages } from '@brushline/shared/messages';
import type { RegisterBody } from '@brushline/shared/auth/schemas';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { AppError } from '../../platform/errors.ts';
import type { Deps, RequestFacts } from '../../platform/deps.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { startSession } from '../../platform/session.ts';
import { sameHash, sha256 } from '../../platform/tokens.ts';
import { toMe } from '../users/users.dto.ts';
import { createAccount, loginOrEmailInUse, userById } from '../users/users.service.ts';
import {
  consumePendingRegistration,
  countPendingAttempt,
  findPendingRegistration,
  replacePendingRegistration,
} from './auth.repo.ts';

const userExists = () => new AppError(409, 'user_exists', messages.userExists);
const verifyFailed = () => new AppError(400, 'verify_failed', messages.verifyFailed);
// The code is bound to its pending row, so equal codes of two registrations hash differently.
const codeHash = (pendingId: string, code: string) => sha256(`${pendingId}:${code}`);

/** Step 1: checks the body, keeps it pending and mails a REGISTER_CODE_LENGTH-digit code valid for CODE_TTL_MINUTES. */
export async function requestRegistration(
  ctx: Pick<Deps, 'db' | 'limits' | 'mailer'> & RequestFacts,
  _actor: null,
  body: RegisterBody,
) {
  await ctx.limits.hit('registerIp', ctx.ip);
  await ctx.limits.hit('registerEmail', body.email);
  if (await loginOrEmailInUse(ctx, null, body.login, body.email)) throw userExists();

  const id = randomUUID();
  const code = String(randomInt(10 ** REGISTER_CODE_LENGTH)).padStart(REGISTER_CODE_LENGTH, '0');
  await replacePendingRegistration(ctx.db, {
    id,
    login: body.login,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    codeHash: codeHash(id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await ctx.mailer.send({
    to: body.email,
    subject: `${PRODUCT_NAME} registration code: ${code}`,
    text: [
      `Hello ${body.login},`,
      '',
      `Your ${PRODUCT_NAME} registration code is ${code}.`,
      `Enter it on the verification page within ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
  });
  return { email: body.email };
}

/** Step 2: the same body plus the code creates the account and signs the user in. */
export async function verifyRegistration(
  ctx: Pick<Deps, 'db' | 'limits'> & RequestFacts,
  _actor: null,
  body: RegisterBody,
  code: string,
) {
  await ctx.limits.hit('verifyIp', ctx.ip);
  const pending = await findPendingRegistration(ctx.db, body.login, body.email);
  if (!pending || pending.attempts >= CODE_MAX_ATTEMPTS) throw verifyFailed();
  if (!sameHash(pending.codeHash, codeHash(pending.id, code))) {
    await countPendingAttempt(ctx.db, pending.id);
    throw verifyFailed();
  }
  if (!(await verifyPassword(pending.passwordHash, body.password))) {
    await countPendingAttempt(ctx.db, pending.id);
    throw verifyFailed();
  }

  const result = await ctx.db
    .transaction(async (tx) => {
      if (!(await consumePendingRegistration(tx, pending.id))) throw verifyFailed();
      if (await loginOrEmailInUse({ db: tx }, null, pending.login, pending.email)) throw userExists();
      const userId = await createAccount({ db: tx }, null, {
        login: pending.login,
        email: pending.email,
        passwordHash: pending.passwordHash,
      });
      return { userId, token: await startSession(tx, userId) };
    })
    .catch((err: unknown) => {
      // Two verifications racing for one login: the unique index decides, the loser is told why.
      if (isUniqueViolation(err)) throw userExists();
      throw err;
    });
  const row = await userById(ctx, null, result.userId);
  return { user: toMe(row!), token: result.token };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
