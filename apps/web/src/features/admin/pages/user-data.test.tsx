import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@brushline/shared/account/messages';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { adminUserDetail, me, signedIn } from '../test/admin-fixtures.ts';

/** The account page's "Their data" (decision 0024): staff export for the person, admins delete. */
beforeEach(() => vi.spyOn(toast, 'success'));
afterEach(() => vi.restoreAllMocks());

function open(
  viewer: Me,
  account: AdminUserDetail,
  post?: (body: unknown) => { status: number; body: unknown },
) {
  const calls = stubFetch({
    ...signedIn(viewer),
    [`GET /api/admin/user/${account.login}`]: () => ({ status: 200, body: account }),
    [`GET /api/admin/user/${account.login}/export`]: () => ({ status: 200, body: { export: null } }),
    ...(post
      ? {
          [`POST /api/admin/user/${account.login}/export`]: post,
          [`POST /api/admin/user/${account.login}/delete`]: post,
        }
      : {}),
  });
  return { ...renderRoutes(adminRoutes, `/admin/users/${account.login}`), calls };
}

describe('/admin/users/:login › Their data', () => {
  it('lets a moderator start an export with a reason, and shows no Delete account', async () => {
    const { user, calls } = open(me(['moderator']), adminUserDetail(), () => ({
      status: 202,
      body: { message: accountMessages.exportStartedForUser, export: null },
    }));
    const section = await screen.findByRole('region', { name: 'Their data' });
    expect(await within(section).findByText('No data export yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Delete account' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Export data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the data of @ann' });
    await user.click(within(dialog).getByRole('button', { name: 'Start the export' }));
    expect(await within(dialog).findByText(/Say why/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked by e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Start the export' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(accountMessages.exportStartedForUser));
    expect(calls.find((c) => c.key.endsWith('/export') && c.key.startsWith('POST'))?.body).toEqual({
      reason: 'Asked by e-mail',
    });
  });

  it('lets an admin delete, showing a refusal in the dialog', async () => {
    const refusal = accountMessages.moneyInFlight(['order #3 “Portrait”: in progress']);
    const { user } = open(me(['admin']), adminUserDetail(), () => ({
      status: 409,
      body: { error: { code: 'money_in_flight', message: refusal } },
    }));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account @ann' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked by e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('order #3 “Portrait”: in progress');
  });

  it('says a deleted account is deleted and offers nothing to do to it', async () => {
    open(
      me(['admin']),
      adminUserDetail({ deletedAt: '2026-11-20T10:00:00.000Z', login: 'deleted-1a2b3c4d' }),
    );
    expect(await screen.findByText(/Deleted on 20 November 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Their data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Warn' })).toBeNull();
  });
});
