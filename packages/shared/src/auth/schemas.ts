import { z } from 'zod';
import {
  EMAIL_MAX,
  LOGIN_MAX,
  LOGIN_MIN,
  LOGIN_PASSWORD_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTER_CODE_LENGTH,
  RESET_CODE_ALPHABET,
  RESET_CODE_BODY_LENGTH,
  RESET_CODE_PREFIX,
  RESET_TOKEN_MAX,
} from './constants.ts';
import { messages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import { text } from '../text.ts';

/** Letters and digits, with single underscores or dots only between them (SPEC §5). */
export const LOGIN_PATTERN = /^[A-Za-z0-9]+(?:[._][A-Za-z0-9]+)*$/;

export const loginSchema = text({ error: messages.loginInvalid })
  .max(LOGIN_MAX, { error: messages.loginTooLong })
  .min(LOGIN_MIN, { error: messages.loginInvalid })
  .regex(LOGIN_PATTERN, { error: messages.loginInvalid });

export const emailSchema = text({ error: messages.emailInvalid })
  .trim()
  .max(EMAIL_MAX, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));

export const passwordSchema = text({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX, { error: messages.passwordTooLong });

export const registerBodySchema = z.object({
  login: loginSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerCodeSchema = text({ error: messages.verifyFailed })
  .trim()
  .regex(new RegExp(`^\\d{${REGISTER_CODE_LENGTH}}$`), { error: messages.verifyFailed });

export const verifyQuerySchema = z.object({ code: registerCodeSchema });

/** The registration form: the request body plus two web-only fields (SPEC §2, §5). */
export interface RegisterForm extends RegisterBody {
  repeatPassword: string;
  policy: boolean;
}

/** Field errors of the registration form, every field checked at once (for forms as you type). */
export function registerFormErrors(v: RegisterForm): Record<string, string> {
  return {
    ...fieldErrors(registerBodySchema, v),
    ...(v.password !== v.repeatPassword ? { repeatPassword: messages.passwordsDiffer } : {}),
    ...(!v.policy ? { policy: messages.policyRequired } : {}),
  };
}

const nonEmpty = (message: string, max: number) =>
  text({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const loginBodySchema = z.object({
  login: nonEmpty('Please enter your login or email', EMAIL_MAX),
  password: text({ error: 'Please enter your password' })
    .min(1, { error: 'Please enter your password' })
    .max(LOGIN_PASSWORD_MAX, { error: messages.loginFailed }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const resetEmailBodySchema = z.object({
  emailOrLogin: nonEmpty(messages.resetSendFailed, EMAIL_MAX),
});
export type ResetEmailBody = z.infer<typeof resetEmailBodySchema>;

export const RESET_CODE_PATTERN = new RegExp(
  `^${RESET_CODE_PREFIX}[${RESET_CODE_ALPHABET}]{${RESET_CODE_BODY_LENGTH}}$`,
);

export const resetCodeBodySchema = z.object({
  resetCode: text({ error: messages.resetCodeNotFound })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(RESET_CODE_PATTERN, { error: messages.resetCodeNotFound })),
  /** Optional: names the account, so wrong tries count against its code (5 kill it). */
  emailOrLogin: text().trim().max(EMAIL_MAX).optional(),
});
export type ResetCodeBody = z.infer<typeof resetCodeBodySchema>;

export const newPasswordBodySchema = z.object({
  resetToken: nonEmpty(messages.resetTokenNotFound, RESET_TOKEN_MAX),
  newPassword: passwordSchema,
});
export type NewPasswordBody = z.infer<typeof newPasswordBodySchema>;

/** Field errors of the new-password form (same rules as registration). */
export function newPasswordFormErrors(v: {
  newPassword: string;
  repeatPassword: string;
}): Record<string, string> {
  return {
    ...fieldErrors(z.object({ newPassword: passwordSchema }), v),
    ...(v.newPassword !== v.repeatPassword ? { repeatPassword: messages.passwordsDiffer } : {}),
  };
}
