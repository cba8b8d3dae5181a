import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { registration } from '../flow-state.ts';
import { RegisterPage } from './register-page.tsx';

const routes = [page('/register', <RegisterPage />), page('/register/verify', <p>verify screen</p>)];

/** Pastes each value: one change event per field, as a password manager or paste would. */
async function fill(
  user: ReturnType<typeof renderRoutes>['user'],
  v: Partial<Record<'login' | 'email' | 'password' | 'repeat', string>>,
) {
  const labels = {
    login: 'Login',
    email: 'E-mail',
    password: 'Password',
    repeat: 'Repeat password',
  } as const;
  for (const [key, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    const value = v[key];
    if (value === undefined) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

describe('registration form', () => {
  it('shows the SPEC messages as the user types', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/register');
    await user.type(screen.getByLabelText('Login'), 'ab');
    expect(await screen.findByText(messages.loginInvalid)).toBeInTheDocument();
    // The SPEC's text says "display name"; the field's error says it means the login.
    expect(screen.getByLabelText('Login')).toHaveAccessibleDescription(
      expect.stringContaining(`${messages.loginInvalid} (this is the login;`),
    );
    await fill(user, { email: 'not-an-email', password: 'abcd', repeat: 'abcx' });
    expect(await screen.findByText(messages.loginInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordsDiffer)).toBeInTheDocument();
  });

  it('refuses a login longer than 32 characters and a password longer than 64', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/register');
    await fill(user, { login: 'a'.repeat(33), password: 'p'.repeat(65) });
    expect(await screen.findByText(messages.loginTooLong)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordTooLong)).toBeInTheDocument();
  });

  it('requires the policy checkbox and sends nothing until it is ticked', async () => {
    const calls = stubFetch({
      'POST /api/register/request': () => ({ status: 200, body: { email: 'ann@example.test' } }),
    });
    const { user, router } = renderRoutes(routes, '/register');
    await fill(user, { login: 'ann_b', email: 'ann@example.test', password: 'hello', repeat: 'hello' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.policyRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/register/request')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'));
    expect(calls.find((c) => c.key === 'POST /api/register/request')?.body).toEqual({
      login: 'ann_b',
      email: 'ann@example.test',
      password: 'hello',
    });
    expect(registration.get()).toMatchObject({ login: 'ann_b' });
  });

  it("shows the server's message when the login is taken", async () => {
    stubFetch({
      'POST /api/register/request': () => ({
        status: 409,
        body: { error: { code: 'user_exists', message: messages.userExists } },
      }),
    });
    const { user } = renderRoutes(routes, '/register');
    await fill(user, { login: 'taken', email: 'taken@example.test', password: 'hello', repeat: 'hello' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.userExists);
  });
});
