import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import {
  loginSchema,
  newPasswordFormErrors,
  passwordSchema,
  registerFormErrors,
  resetCodeBodySchema,
} from './schemas.ts';

const msg = (schema: Parameters<typeof fieldErrors>[0], value: unknown) => fieldErrors(schema, value)[''];

describe('SPEC §5 account rules', () => {
  it.each(['abc', 'ann.b', 'a_b.c', 'A1', 'x'.repeat(32)].filter((l) => l.length >= 3))(
    'accepts the login %s',
    (l) => {
      expect(loginSchema.safeParse(l).success).toBe(true);
    },
  );

  it.each([
    ['ab', messages.loginInvalid],
    ['a'.repeat(33), messages.loginTooLong],
    ['a..b', messages.loginInvalid],
    ['a__b', messages.loginInvalid],
    ['.abc', messages.loginInvalid],
    ['abc_', messages.loginInvalid],
    ['ab c', messages.loginInvalid],
    ['аня', messages.loginInvalid],
  ])('refuses the login %j with its message', (l, m) => {
    expect(msg(loginSchema, l)).toBe(m);
  });

  it('checks passwords below 5 (the message says 6) and above 64', () => {
    expect(msg(passwordSchema, 'abcd')).toBe(messages.passwordTooShort);
    expect(msg(passwordSchema, 'abcde')).toBeUndefined();
    expect(msg(passwordSchema, 'x'.repeat(64))).toBeUndefined();
    expect(msg(passwordSchema, 'x'.repeat(65))).toBe(messages.passwordTooLong);
  });

  it('registration form: repeat and policy', () => {
    const ok = {
      login: 'ann',
      email: 'ann@example.test',
      password: 'hello',
      repeatPassword: 'hello',
      policy: true,
    };
    expect(registerFormErrors(ok)).toEqual({});
    expect(registerFormErrors({ ...ok, repeatPassword: 'hellO', policy: false })).toEqual({
      repeatPassword: messages.passwordsDiffer,
      policy: messages.policyRequired,
    });
    expect(registerFormErrors({ ...ok, email: 'ann@' })).toEqual({ email: messages.emailInvalid });
  });

  it('new password form uses the same rules', () => {
    expect(newPasswordFormErrors({ newPassword: 'abc', repeatPassword: 'abd' })).toEqual({
      newPassword: messages.passwordTooShort,
      repeatPassword: messages.passwordsDiffer,
    });
  });

  it('reset codes: RS- and 10 letters or digits, any case', () => {
    expect(resetCodeBodySchema.parse({ resetCode: ' rs-abcdefghjk ' }).resetCode).toBe('RS-ABCDEFGHJK');
    expect(resetCodeBodySchema.safeParse({ resetCode: 'RS-ABC' }).success).toBe(false);
  });
});
