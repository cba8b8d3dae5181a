import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginLockedMessage, messages } from '@brushline/shared/messages';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const me = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  roles: [],
};
const routes = [
  page('/login', <LoginPage />),
  page('/profile/:login/home', <p>profile page</p>),
  page('/somewhere', <p>where I was</p>),
];

describe('login form', () => {
  it('asks for both fields before sending anything', async () => {
    const calls = stubFetch({});
    const { user } = renderRoutes(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your login or email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/auth/login')).toBe(false);
  });

  it('shows a refused sign-in and stays on the page', async () => {
    stubFetch({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { error: { code: 'login_failed', message: messages.loginFailed } },
      }),
    });
    const { user, router } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Login or e-mail'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const refusal = await screen.findByText(messages.loginFailed);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says why a locked-out browser is refused and leads to the password reset', async () => {
    const message = loginLockedMessage(3600);
    stubFetch({
      'POST /api/auth/login': () => ({
        status: 429,
        body: { error: { code: 'login_locked', message } },
      }),
    });
    const { user, router } = renderRoutes([...routes, page('/reset', <p>reset page</p>)], '/login');
    await user.type(await screen.findByLabelText('Login or e-mail'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = (await screen.findByText(message)).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Sign-in from this browser is paused');
    expect(message).toContain('from other places');
    expect(message).toContain('1 hour');
    expect(message).toContain('reset your password by e-mail');
    await user.click(within(alert).getByRole('link', { name: 'Reset your password by e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset'));
  });

  it('says why a suspended or banned account cannot sign in', async () => {
    for (const message of [
      moderationMessages.signInSuspended('2026-12-04T10:00:00.000Z', 'Spam in comments'),
      moderationMessages.signInBanned('Scam'),
    ]) {
      stubFetch({
        'POST /api/auth/login': () => ({
          status: 403,
          body: { error: { code: 'account_suspended', message } },
        }),
      });
      const { user, router, unmount } = renderRoutes(routes, '/login');
      await user.type(await screen.findByLabelText('Login or e-mail'), 'ann');
      await user.type(screen.getByLabelText('Password'), 'right-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(router.state.location.pathname).toBe('/login');
      unmount();
    }
  });

  it('goes to the profile after signing in when there is no page to return to', async () => {
    stubFetch({ 'POST /api/auth/login': () => ({ status: 200, body: me }) });
    const { user, router } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('Login or e-mail'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/ann/home'));
  });

  it('returns a signed-in user to the page they came from', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: me }) });
    const { router } = renderRoutes(routes, '/somewhere');
    await router.navigate('/login', { state: { from: '/somewhere' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere'));
  });
});
