import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseSummary } from '@brushline/shared/moderation/schemas';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { ann, caseSummary, me, mia, signedIn } from '../test/admin-fixtures.ts';

const fresh = caseSummary();
const taken = caseSummary({
  id: 13,
  targetKind: 'card',
  targetId: '0b7a2c1e-4444-4444-8444-444444444444',
  title: 'Commission card “Cheap portraits” by @ann',
  status: 'investigating',
  assignee: mia,
  reports: 1,
  reasons: ['stolen_art'],
});
const tag = caseSummary({
  id: 14,
  targetKind: 'tag',
  targetId: 'fanart',
  targetOwner: null,
  title: 'Tag “fanart”',
  status: 'resolved',
  reports: 3,
  reasons: ['wrong_maturity'],
});

/** GET admin/cases answering from `all` by status (open: new and investigating) and page. */
function queue(all: CaseSummary[]) {
  const asked: URLSearchParams[] = [];
  stubFetch({
    ...signedIn(me(['moderator'])),
    'GET /api/admin/cases': (_body, url) => {
      asked.push(url.searchParams);
      const status = url.searchParams.get('status') ?? 'open';
      const page = Number(url.searchParams.get('page') ?? '1');
      const found = all.filter((c) =>
        status === 'open' ? c.status === 'new' || c.status === 'investigating' : c.status === status,
      );
      return { status: 200, body: { cases: found.slice((page - 1) * 25, page * 25), total: found.length } };
    },
  });
  return asked;
}

describe('/admin/reports', () => {
  it('lists the open cases: title as a link, kind, owner, reasons, reports, status, assignee, last report', async () => {
    const asked = queue([fresh, taken, tag]);
    renderRoutes(adminRoutes, '/admin/reports');
    const table = within(await screen.findByRole('region', { name: 'Cases' }));
    expect(table.getByRole('link', { name: fresh.title })).toHaveAttribute('href', '/admin/reports/12');
    const row = within(table.getByRole('link', { name: fresh.title }).closest('tr')!);
    expect(row.getByText('post')).toBeInTheDocument();
    expect(row.getByRole('link', { name: '@ann' })).toHaveAttribute('href', '/admin/users/ann');
    expect(row.getByText('Spam')).toBeInTheDocument();
    expect(row.getByText('Something else')).toBeInTheDocument();
    expect(row.getByText('2')).toBeInTheDocument();
    expect(row.getByText('New')).toBeInTheDocument();
    expect(row.getByText('Nobody')).toBeInTheDocument();
    const when = table.getByRole('link', { name: fresh.title }).closest('tr')!.querySelector('time');
    expect(when).toHaveAttribute('datetime', fresh.lastReportAt);

    const other = within(table.getByRole('link', { name: taken.title }).closest('tr')!);
    expect(other.getByText('commission card')).toBeInTheDocument();
    expect(other.getByText('Stolen art')).toBeInTheDocument();
    expect(other.getByText('Investigating')).toBeInTheDocument();
    expect(other.getByRole('link', { name: '@mia' })).toBeInTheDocument();

    expect(table.queryByRole('link', { name: tag.title })).not.toBeInTheDocument();
    expect(screen.getByText('2 open cases')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    // Open is the API's default: nothing to ask for.
    expect(Object.fromEntries(asked[0]!)).toEqual({});
    expect(screen.getByRole('region', { name: 'Cases' })).toHaveAttribute('tabindex', '0');
  });

  it('filters by status with the status in the URL, and says when a status holds no case', async () => {
    const asked = queue([fresh, taken, tag]);
    const { user, router } = renderRoutes(adminRoutes, '/admin/reports');
    await screen.findByRole('link', { name: fresh.title });

    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'));
    expect(await screen.findByRole('link', { name: tag.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fresh.title })).not.toBeInTheDocument();
    expect(screen.getByText('1 resolved case')).toBeInTheDocument();
    // A case with no owner (a tag) says so.
    expect(
      within(screen.getByRole('link', { name: tag.title }).closest('tr')!).getByText('None'),
    ).toBeVisible();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ status: 'resolved' });

    await user.click(screen.getByRole('radio', { name: 'Dismissed' }));
    expect(await screen.findByText('No case has been dismissed yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=dismissed');

    await user.click(screen.getByRole('radio', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: fresh.title })).toBeInTheDocument();
  });

  it('opens on the status of its URL', async () => {
    const asked = queue([fresh, taken, tag]);
    renderRoutes(adminRoutes, '/admin/reports?status=investigating');
    expect(await screen.findByRole('link', { name: taken.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fresh.title })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Investigating' })).toBeChecked();
    expect(screen.getByText('1 case being investigated')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({ status: 'investigating' });
  });

  it('says it is quiet when nothing is open', async () => {
    queue([tag]);
    renderRoutes(adminRoutes, '/admin/reports');
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cases' })).not.toBeInTheDocument();
  });

  it('pages through many cases, keeping the status', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      caseSummary({ id: 100 + i, title: `Post #${i} by @ann`, status: 'new', targetOwner: ann }),
    );
    const asked = queue(many);
    const { user, router } = renderRoutes(adminRoutes, '/admin/reports?status=new');
    expect(await screen.findByRole('link', { name: 'Post #0 by @ann' })).toBeInTheDocument();
    expect(screen.getByText('30 new cases · page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Post #25 by @ann' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'new',
      page: '2',
    });
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ status: 'new', page: '2' });
  });

  it('offers to try again when the queue cannot load', async () => {
    stubFetch({
      ...signedIn(me(['admin'])),
      'GET /api/admin/cases': () => ({
        status: 500,
        body: { error: { code: 'server_error', message: 'Boom' } },
      }),
    });
    renderRoutes(adminRoutes, '/admin/reports');
    expect(await screen.findByText("Couldn't load the reports")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
