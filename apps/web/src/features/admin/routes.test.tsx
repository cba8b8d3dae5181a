import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@brushline/shared/users/schemas';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { adminRoutes } from './routes.tsx';
import { adminUserDetail, caseDetail, me, signedIn } from './test/admin-fixtures.ts';

const routes = [...adminRoutes, { path: '*', element: <NotFoundPage /> }];

function as(who: Me | null) {
  return stubFetch({
    ...signedIn(who),
    'GET /api/admin/users': () => ({ status: 200, body: { users: [], total: 0 } }),
    'GET /api/admin/user/ann': () => ({ status: 200, body: adminUserDetail() }),
    'GET /api/admin/audit': () => ({ status: 200, body: { entries: [], hasMore: false } }),
    'GET /api/admin/cases': () => ({ status: 200, body: { cases: [], total: 0 } }),
    'GET /api/admin/case/12': () => ({ status: 200, body: caseDetail() }),
  });
}

const notFound = () => screen.findByRole('heading', { name: 'This page does not exist' });

describe('the admin area', () => {
  it('is the ordinary not-found page to a visitor and to a user who is not staff, and asks the API nothing', async () => {
    for (const who of [null, me([]), me(['artist'])]) {
      for (const path of [
        '/admin',
        '/admin/users',
        '/admin/users/ann',
        '/admin/audit',
        '/admin/reports',
        '/admin/reports/12',
      ]) {
        const calls = as(who);
        const { unmount, router } = renderRoutes(routes, path);
        expect(await notFound()).toBeInTheDocument();
        // The address stays: nothing tells that the area exists.
        expect(router.state.location.pathname).toBe(path);
        expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
        expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
        expect(calls.some((c) => c.key.includes('/api/admin'))).toBe(false);
        unmount();
      }
    }
  });

  it('is not found to a moderator on the audit log, whose tab they do not see', async () => {
    const calls = as(me(['moderator']));
    const { unmount } = renderRoutes(routes, '/admin/audit');
    expect(await notFound()).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/admin/audit')).toBe(false);
    unmount();

    as(me(['moderator']));
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('opens on the users for staff, and an admin moves between its tabs', async () => {
    as(me(['admin']));
    const { router, user } = renderRoutes(routes, '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  });

  it('gives every staff member the Reports tab, current on the queue and on one case', async () => {
    as(me(['moderator']));
    const { user, router, unmount } = renderRoutes(routes, '/admin/users');
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/reports');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    unmount();

    as(me(['moderator']));
    renderRoutes(routes, '/admin/reports/12');
    expect(await screen.findByRole('heading', { level: 2, name: caseDetail().title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the Users tab current on one account’s page', async () => {
    as(me(['moderator']));
    renderRoutes(routes, '/admin/users/ann');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });
});
