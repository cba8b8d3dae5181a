import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { resetFlow } from '../flow-state.ts';
import { ResetChangePage } from './reset-change-page.tsx';

const routes = [page('/reset/change', <ResetChangePage />), page('/login', <p>login screen</p>)];

describe('new password form', () => {
  beforeEach(() => resetFlow.clear());

  it('without a reset token, sends the user back to the start', async () => {
    stubFetch({});
    renderRoutes(routes, '/reset/change');
    expect(await screen.findByRole('link', { name: 'Start the password reset again' })).toHaveAttribute(
      'href',
      '/reset',
    );
  });

  it('checks the password rules and the repeat, then goes to sign in', async () => {
    resetFlow.setToken('token-1');
    const calls = stubFetch({
      'POST /api/reset/new-password': () => ({ status: 200, body: { message: messages.passwordUpdated } }),
    });
    const { user, router } = renderRoutes(routes, '/reset/change');
    await user.type(await screen.findByLabelText('New password'), 'abcd');
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'e');
    await user.type(screen.getByLabelText('Repeat password'), 'abcdX');
    expect(await screen.findByText(messages.passwordsDiffer)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat password'));
    await user.type(screen.getByLabelText('Repeat password'), 'abcde');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.key === 'POST /api/reset/new-password')?.body).toEqual({
      resetToken: 'token-1',
      newPassword: 'abcde',
    });
    expect(await screen.findByText(messages.passwordUpdated)).toBeInTheDocument();
    expect(resetFlow.token()).toBeNull();
  });
});
