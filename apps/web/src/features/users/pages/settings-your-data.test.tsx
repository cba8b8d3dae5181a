import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages, exportTimeText } from '@brushline/shared/account/messages';
import type { ExportState } from '@brushline/shared/account/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { usersRoutes } from '../routes.tsx';
import { annMe } from '../test/user-fixtures.ts';

/** Settings › General › Your data (decision 0024): the export and its state, and deleting the account. */
const routes = [...usersRoutes, page('/login', <p>login page</p>)];
const saved = { id: annMe.id, displayNSFW: false, displayQuestionable: false, isArtist: true };
const base = {
  'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
  'GET /api/user/settings/login/ann': () => ({ status: 200, body: saved }),
};
const preparing: ExportState = {
  status: 'preparing',
  createdAt: '2026-11-20T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  nextAllowedAt: '2999-01-01T10:00:00.000Z',
};

describe('settings: your data', () => {
  it('asks for an export and shows it is being prepared; the button waits until the next is allowed', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/account/export': () => ({ status: 200, body: { export: null } }),
      'POST /api/account/export': () => ({
        status: 202,
        body: { message: accountMessages.exportStarted, export: preparing },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/general');
    const section = await screen.findByRole('region', { name: 'Your data' });
    const ask = await within(section).findByRole('button', { name: 'Download my data' });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    expect(await screen.findByText(accountMessages.exportStarted)).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(/Preparing your data/);
    expect(ask).toBeDisabled();
    expect(calls.filter((c) => c.key === 'POST /api/account/export')).toHaveLength(1);
  });

  it('says when the mailed link expires', async () => {
    const expiresAt = '2026-11-27T10:00:00.000Z';
    stubFetch({
      ...base,
      'GET /api/account/export': () => ({
        status: 200,
        body: {
          export: {
            ...preparing,
            status: 'ready',
            readyAt: '2026-11-20T10:01:00.000Z',
            expiresAt,
            sizeBytes: 2048,
            nextAllowedAt: null,
          },
        },
      }),
    });
    renderRoutes(routes, '/settings/general');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`It works until ${exportTimeText(expiresAt)}`);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('deletes the account only with the password and the login typed, showing the server’s refusals', async () => {
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: {
        error: {
          code: 'wrong_password',
          message: accountMessages.wrongPassword,
          fields: { password: accountMessages.wrongPassword },
        },
      },
    };
    const calls = stubFetch({
      ...base,
      'GET /api/account/export': () => ({ status: 200, body: { export: null } }),
      'POST /api/account/delete': () => answer,
    });
    const { user, router } = renderRoutes(routes, '/settings/general');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText(/Your password/), 'wrong-one');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Type your login, ann, to confirm/), 'ann');
    await user.click(confirm);
    expect(await within(dialog).findByText(accountMessages.wrongPassword)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/account/delete')?.body).toEqual({
      password: 'wrong-one',
      login: 'ann',
    });

    answer = {
      status: 409,
      body: {
        error: {
          code: 'money_in_flight',
          message: accountMessages.moneyInFlight(['order #3 “Portrait”: in progress']),
        },
      },
    };
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('order #3 “Portrait”: in progress');

    answer = { status: 200, body: { message: accountMessages.deleted } };
    await user.click(confirm);
    expect(await screen.findByText(accountMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
