import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@brushline/shared/moderation/schemas';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { adminUser, me, signedIn } from '../test/admin-fixtures.ts';

const bob = adminUser({
  id: '6f1c1f9e-2222-4222-8222-222222222222',
  login: 'bob',
  displayName: 'Bob',
  email: 'bob@mail.test',
  roles: [],
  badges: [],
  restriction: { kind: 'banned', until: null, reason: 'Scam' },
  sessions: 0,
});
const ann = adminUser({
  roles: ['moderator', 'artist'],
  badges: ['staff', 'verified', 'artist'],
  restriction: { kind: 'suspended', until: '2026-12-04T10:00:00.000Z', reason: 'Spam' },
});

/** GET admin/users answering from `everyone` by q (login or e-mail, any case) and page (25 each). */
function search(everyone: AdminUser[]) {
  const asked: URLSearchParams[] = [];
  const calls = stubFetch({
    ...signedIn(me(['moderator'])),
    'GET /api/admin/users': (_body, url) => {
      asked.push(url.searchParams);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? '1');
      const found = everyone.filter((u) => u.login.includes(q) || u.email.toLowerCase().includes(q));
      return { status: 200, body: { users: found.slice((page - 1) * 25, page * 25), total: found.length } };
    },
  });
  return { asked, calls };
}

describe('/admin/users', () => {
  it('lists accounts with e-mail, roles and badges, status, sessions and joined date, each a link to its page', async () => {
    search([ann, bob]);
    renderRoutes(adminRoutes, '/admin/users');
    const table = within(await screen.findByRole('region', { name: 'Users found' }));
    expect(table.getByRole('link', { name: 'Ann' })).toHaveAttribute('href', '/admin/users/ann');
    const annRow = within(table.getByRole('link', { name: 'Ann' }).closest('tr')!);
    expect(annRow.getByText('ann@example.test')).toBeInTheDocument();
    expect(annRow.getByText('moderator, artist')).toBeInTheDocument();
    expect(annRow.getByText('Verified')).toBeInTheDocument();
    expect(annRow.getByText('Suspended until 4 December 2026')).toBeInTheDocument();
    expect(annRow.getByText('2')).toBeInTheDocument();
    const bobRow = within(table.getByRole('link', { name: 'Bob' }).closest('tr')!);
    expect(bobRow.getByText('Banned')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
    // The region scrolls sideways on a phone: the keyboard reaches it.
    expect(screen.getByRole('region', { name: 'Users found' })).toHaveAttribute('tabindex', '0');
  });

  it('searches by login or e-mail once typing stops, keeping q in the URL, and says when nothing matches', async () => {
    const { asked } = search([ann, bob]);
    const { user, router } = renderRoutes(adminRoutes, '/admin/users');
    await screen.findByRole('link', { name: 'Bob' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'mail.test');
    await waitFor(() => expect(router.state.location.search).toBe('?q=mail.test'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ann' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Bob' })).toBeInTheDocument();
    expect(screen.getByText('1 user match “mail.test”')).toBeInTheDocument();
    expect(asked.at(-1)?.get('q')).toBe('mail.test');

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');
    expect(await screen.findByText('No user matches “zed”.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zed');
  });

  it('opens with the search of its URL, and pages through the results', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      adminUser({
        id: `6f1c1f9e-3333-4333-8333-${String(i).padStart(12, '0')}`,
        login: `user${i}`,
        displayName: `User ${i}`,
      }),
    );
    const { asked } = search(many);
    const { user, router } = renderRoutes(adminRoutes, '/admin/users?q=user');
    expect(await screen.findByRole('link', { name: 'User 0' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('user');
    expect(Object.fromEntries(asked[0]!)).toEqual({ q: 'user' });
    expect(screen.getByText('30 users match “user” · page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'User 25' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'user', page: '2' });
  });

  it('offers to try again when the search fails', async () => {
    stubFetch({
      ...signedIn(me(['admin'])),
      'GET /api/admin/users': () => ({
        status: 500,
        body: { error: { code: 'server_error', message: 'Boom' } },
      }),
    });
    renderRoutes(adminRoutes, '/admin/users');
    expect(await screen.findByText("Couldn't load the users")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
