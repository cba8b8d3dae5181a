import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages, exportTimeText } from '@brushline/shared/account/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { usersRoutes } from '../routes.tsx';
import { annMe } from '../test/user-fixtures.ts';

/** /account/export/{token}, where the export mail's link lands (decision 0024). */
const routes = [...usersRoutes, page('/login', <p>login page</p>)];
const token = 'a'.repeat(43);

describe('the mailed export link', () => {
  it('says until when it works and downloads the archive', async () => {
    const expiresAt = '2026-12-05T10:00:00.000Z';
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      [`GET /api/account/export/${token}/info`]: () => ({
        status: 200,
        body: { expiresAt, sizeBytes: 2_500_000 },
      }),
    });
    renderRoutes(routes, `/account/export/${token}`);
    const link = await screen.findByRole('link', { name: 'Download the archive' });
    expect(link).toHaveAttribute('href', `/api/account/export/${token}`);
    expect(screen.getByText(/a zip file of 2\.4 MB/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`until ${exportTimeText(expiresAt)}`))).toBeInTheDocument();
  });

  it('says an expired link has expired, with the way to a new one, and offers no download', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      [`GET /api/account/export/${token}/info`]: () => ({
        status: 410,
        body: { error: { code: 'export_expired', message: accountMessages.exportExpired } },
      }),
    });
    renderRoutes(routes, `/account/export/${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.exportExpired);
    expect(screen.queryByRole('link', { name: 'Download the archive' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/general');
  });

  it('sends a signed-out visitor to sign in first', async () => {
    stubFetch({});
    renderRoutes(routes, `/account/export/${token}`);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
