import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@brushline/shared/moderation/schemas';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { ann, auditEntry, me, mia, signedIn } from '../test/admin-fixtures.ts';

/** GET admin/audit over `log` (newest first): filters, then 50 older than `before`. */
function serve(log: AuditEntry[], pageSize = 50) {
  const asked: Record<string, string>[] = [];
  stubFetch({
    ...signedIn(me(['admin'])),
    'GET /api/admin/audit': (_body, url) => {
      const p = url.searchParams;
      asked.push(Object.fromEntries(p));
      const before = Number(p.get('before') ?? Infinity);
      const found = log.filter(
        (e) =>
          e.id < before &&
          (!p.get('actor') || e.actor?.login === p.get('actor')) &&
          (!p.get('target') || e.target?.login === p.get('target')) &&
          (!p.get('action') || e.action === p.get('action')),
      );
      return {
        status: 200,
        body: { entries: found.slice(0, pageSize), hasMore: found.length > pageSize },
      };
    },
  });
  return asked;
}

const bob = { ...ann, id: '6f1c1f9e-2222-4222-8222-222222222222', login: 'bob', displayName: 'Bob' };

describe('/admin/audit', () => {
  it('lists staff actions in words, with who acted, on whom (a link), when and why', async () => {
    serve([
      auditEntry({ id: 4, action: 'grant_role', detail: { role: 'moderator' }, target: bob, reason: '' }),
      auditEntry({ id: 3, action: 'suspend', detail: { days: 7 }, reason: 'Spam in comments' }),
      auditEntry({ id: 2, action: 'end_sessions', actor: null, reason: '' }),
    ]);
    renderRoutes(adminRoutes, '/admin/audit');
    const list = within(await screen.findByRole('list', { name: 'Staff actions' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Granted the role moderator · @bob');
    const suspend = within(items[1]!);
    expect(suspend.getByText(/Suspended for 7 days/)).toBeInTheDocument();
    expect(suspend.getByRole('link', { name: '@ann' })).toHaveAttribute('href', '/admin/users/ann');
    expect(suspend.getByRole('link', { name: '@mia' })).toHaveAttribute('href', '/admin/users/mia');
    expect(items[1]).toHaveTextContent('Reason: Spam in comments');
    expect(items[2]).toHaveTextContent('Ended every session');
    expect(items[2]).toHaveTextContent('by the server or the command line');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks with the filters of its URL, and puts a changed filter into the URL', async () => {
    const asked = serve([
      auditEntry({ id: 2, action: 'ban', reason: 'Scam' }),
      auditEntry({ id: 1, action: 'ban', target: bob, reason: 'Scam' }),
    ]);
    const { user, router } = renderRoutes(adminRoutes, '/admin/audit?actor=mia&action=ban');
    expect(await screen.findAllByText(/^Banned/)).toHaveLength(2);
    expect(asked[0]).toEqual({ actor: 'mia', action: 'ban' });
    expect(screen.getByRole('textbox', { name: /Staff member/ })).toHaveValue('mia');
    expect(screen.getByRole('combobox', { name: /Action/ })).toHaveValue('ban');

    await user.type(screen.getByRole('textbox', { name: /Account/ }), 'bob');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        actor: 'mia',
        target: 'bob',
        action: 'ban',
      }),
    );
    await waitFor(() => expect(screen.getAllByText(/^Banned/)).toHaveLength(1));
    expect(asked.at(-1)).toEqual({ actor: 'mia', target: 'bob', action: 'ban' });

    await user.selectOptions(screen.getByRole('combobox', { name: /Action/ }), 'warn');
    expect(await screen.findByText('No staff action matches these filters.')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('warn');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: /Staff member/ })).toHaveValue('');
    expect(await screen.findAllByText(/^Banned/)).toHaveLength(2);
  });

  it('loads older entries with "Load more", asking for those before the last one shown', async () => {
    const log = Array.from({ length: 60 }, (_, i) =>
      auditEntry({ id: 60 - i, action: 'warn', reason: `Warning ${60 - i}`, actor: mia }),
    );
    const asked = serve(log);
    const { user } = renderRoutes(adminRoutes, '/admin/audit');
    const list = await screen.findByRole('list', { name: 'Staff actions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(asked.at(-1)).toEqual({ before: '11' });
    expect(within(list).getByText('Warning 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when staff have not acted yet', async () => {
    serve([]);
    renderRoutes(adminRoutes, '/admin/audit');
    expect(await screen.findByText(/Staff have not acted yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
