import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODE_TTL_MS,
  RESET_CODE_ALPHABET,
  RESET_CODE_BODY_LENGTH,
  RESET_CODE_PREFIX,
  RESET_TOKEN_TTL_MS,
} from '@brushline/shared/auth/constants';
import type { NewPasswordBody, ResetCodeBody, ResetEmailBody } from '@brushline/shared/auth/schemas';
import { messages } from '@brushline/shared/messages';
import { PRODUCT_NAME } from '@brushline/shared/site';
import type { Deps, RequestFacts } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { userSessionsChanged } from '../../platform/session.ts';
import { deleteUserSessions } from '../../platform/sessions.repo.ts';
import { newToken, randomString, sha256 } from '../../platform/tokens.ts';
import { accountForAuth, setPasswordHash } from '../users/users.service.ts';
import {
  consumeResetToken,
  countResetAttempt,
  findLiveResetForUser,
  redeemResetCode,
  replacePasswordReset,
} from './auth.repo.ts';
import { signDevice } from './device-cookie.ts';

const codeNotFound = () => new AppError(404, 'reset_code_not_found', messages.resetCodeNotFound);

/** Step 1: mails a code `RS-XXXXXXXXXX` (10 characters, about 50 bits) valid for CODE_TTL_MINUTES. */
export async function sendResetEmail(
  ctx: Pick<Deps, 'db' | 'limits' | 'mailer'> & RequestFacts,
  _actor: null,
  { emailOrLogin }: ResetEmailBody,
) {
  await ctx.limits.hit('resetIp', ctx.ip);
  const user = await accountForAuth(ctx, null, emailOrLogin);
  // One counter per account (its login and e-mail alike); unknown names by the name typed.
  await ctx.limits.hit('resetAccount', user?.id ?? `name:${emailOrLogin.trim()}`);
  if (!user) throw new AppError(404, 'reset_user_not_found', messages.resetSendFailed);
  const code = RESET_CODE_PREFIX + randomString(RESET_CODE_ALPHABET, RESET_CODE_BODY_LENGTH);
  await replacePasswordReset(ctx.db, {
    userId: user.id,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await ctx.mailer.send({
    to: user.email,
    subject: `${PRODUCT_NAME} password reset code: ${code}`,
    text: [
      `Hello ${user.login},`,
      '',
      `Your password reset code is ${code}. It works once, for ${CODE_TTL_MINUTES} minutes.`,
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Step 2: trades the code for a one-time reset token. When the account is named, wrong codes
 * count against its reset and the fifth one kills it.
 */
export async function redeemCode(
  ctx: Pick<Deps, 'db' | 'limits'> & RequestFacts,
  _actor: null,
  { resetCode, emailOrLogin }: ResetCodeBody,
) {
  await ctx.limits.hit('resetCodeIp', ctx.ip);
  const token = newToken();
  const tokenValues = { tokenHash: sha256(token), tokenExpiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) };
  let resetId: string | undefined;
  if (emailOrLogin) {
    const user = await accountForAuth(ctx, null, emailOrLogin);
    const reset = user && (await findLiveResetForUser(ctx.db, user.id));
    if (!reset || reset.attempts >= CODE_MAX_ATTEMPTS) throw codeNotFound();
    resetId = reset.id;
  }
  const codeHash = sha256(resetCode);
  const ok = await redeemResetCode(
    ctx.db,
    { codeHash, maxAttempts: CODE_MAX_ATTEMPTS, id: resetId },
    tokenValues,
  );
  if (!ok) {
    if (resetId) await countResetAttempt(ctx.db, resetId);
    throw codeNotFound();
  }
  return { resetToken: token };
}

/** Step 3: sets the new password and ends every session of the account. */
export async function setNewPassword(
  ctx: Pick<Deps, 'db' | 'bus' | 'limits' | 'hub' | 'signingSecret'> & RequestFacts,
  _actor: null,
  { resetToken, newPassword }: NewPasswordBody,
): Promise<{ deviceCookie: string }> {
  await ctx.limits.hit('resetCodeIp', ctx.ip);
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await consumeResetToken(tx, sha256(resetToken));
    if (!id) throw new AppError(404, 'reset_token_not_found', messages.resetTokenNotFound);
    await setPasswordHash({ db: tx }, null, id, passwordHash);
    await deleteUserSessions(tx, id);
    return id;
  });
  // After the commit: the sessions are gone, so their cached lookups and open sockets must go too.
  await userSessionsChanged(ctx.bus, userId);
  ctx.hub.endUserSessions(userId);
  return { deviceCookie: signDevice(ctx.signingSecret, userId) };
}
