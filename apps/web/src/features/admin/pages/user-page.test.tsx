import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationMessages, suspensionEndText } from '@brushline/shared/moderation/messages';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { ADMIN_ID, adminUserDetail, auditEntry, me, signedIn } from '../test/admin-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const admin = me(['admin']);
const moderator = me(['moderator']);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

type Answer = { status: number; body?: unknown };

/** The account page's API for `viewer`, with `account` and any action answers. */
function open(
  viewer: Me,
  account: AdminUserDetail = adminUserDetail(),
  actions: Record<string, (body: unknown) => Answer> = {},
) {
  const calls = stubFetch({
    ...signedIn(viewer),
    [`GET /api/admin/user/${account.login}`]: () => ({ status: 200, body: account }),
    ...Object.fromEntries(
      Object.entries(actions).map(([action, f]) => [`POST /api/admin/user/${account.login}/${action}`, f]),
    ),
  });
  const view = renderRoutes(adminRoutes, `/admin/users/${account.login}`);
  return { ...view, calls, posts: () => calls.filter((c) => c.key.startsWith('POST')) };
}

describe('/admin/users/:login', () => {
  it('shows the account: names, e-mail, roles, badges, joined, restriction and reason, sessions and staff actions', async () => {
    open(
      moderator,
      adminUserDetail({
        badges: ['verified', 'artist'],
        restriction: { kind: 'suspended', until: '2026-12-04T10:00:00.000Z', reason: 'Spam in comments' },
        audit: [auditEntry({ id: 3, action: 'suspend', detail: { days: 7 }, reason: 'Spam in comments' })],
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByText('@ann')).toBeInTheDocument();
    expect(screen.getByText('ann@example.test')).toBeInTheDocument();
    expect(screen.getByText('artist')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Suspended until 4 December 2026')).toBeInTheDocument();
    expect(screen.getAllByText('Spam in comments').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(2);
    const audit = within(screen.getByRole('list', { name: 'Latest staff actions' }));
    expect(audit.getByText('Suspended for 7 days')).toBeInTheDocument();
    expect(audit.getByRole('link', { name: '@mia' })).toHaveAttribute('href', '/admin/users/mia');
    await waitFor(() => expect(document.title).toBe('@ann · Admin · Brushline'));
  });

  it('suspends only after the confirmation step, sending days and reason, then shows the answer', async () => {
    const suspended = adminUserDetail({
      restriction: { kind: 'suspended', until: '2026-12-04T10:00:00.000Z', reason: 'Spam' },
      sessions: 0,
      sessionList: [],
    });
    const { user, posts } = open(moderator, adminUserDetail(), {
      suspend: () => ({ status: 200, body: { message: moderationMessages.suspended, user: suspended } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend @ann' }));
    expect(dialog.getByRole('textbox', { name: 'Days' })).toHaveValue('7');
    const until = suspensionEndText(new Date(Date.now() + 7 * DAY));
    expect(dialog.getByText(`Suspended until ${until}`)).toBeInTheDocument();

    // A reason is required, and nothing is sent without it.
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText(moderationMessages.reasonRequired)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), '  Spam  ');
    expect(dialog.getByText(/^8\/500/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await dialog.findByText(`Suspend @ann until ${until}?`)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    // Back keeps what was typed.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('  Spam  ');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(await dialog.findByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(moderationMessages.suspended));
    expect(posts()).toEqual([{ key: 'POST /api/admin/user/ann/suspend', body: { days: 7, reason: 'Spam' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page is the account the server answered.
    expect(screen.getByText('Suspended until 4 December 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End sessions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift' })).toBeInTheDocument();
  });

  it('puts a refused field back on the form', async () => {
    const { user } = open(moderator, adminUserDetail(), {
      suspend: () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Invalid',
            fields: { days: moderationMessages.daysRange },
          },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend @ann' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(await dialog.findByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText(moderationMessages.daysRange)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Days' })).toBeInTheDocument();
  });

  it('bans after an explicit confirmation that says what a ban does', async () => {
    const banned = adminUserDetail({
      badges: ['banned'],
      restriction: { kind: 'banned', until: null, reason: 'Scam' },
      sessions: 0,
      sessionList: [],
    });
    const { user, posts } = open(moderator, adminUserDetail(), {
      ban: () => ({ status: 200, body: { message: moderationMessages.banned, user: banned } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ban @ann' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Scam');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Ban @ann?')).toBeInTheDocument();
    expect(
      dialog.getByText(
        /They are signed out everywhere at once, their content leaves every list and their open cards close\./,
      ),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(moderationMessages.banned));
    expect(posts()).toEqual([{ key: 'POST /api/admin/user/ann/ban', body: { reason: 'Scam' } }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ban' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Warn' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift' })).toBeInTheDocument();
  });

  it('offers Lift only on a restricted account; a refusal shows in the dialog', async () => {
    const first = open(moderator);
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift' })).not.toBeInTheDocument();
    first.unmount();

    const restricted = adminUserDetail({ restriction: { kind: 'banned', until: null, reason: 'Scam' } });
    const second = open(moderator, restricted, {
      lift: () => ({
        status: 409,
        body: { error: { code: 'not_restricted', message: moderationMessages.notRestricted } },
      }),
    });
    await second.user.click(await screen.findByRole('button', { name: 'Lift' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lift the ban on @ann' }));
    await second.user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Appeal accepted');
    await second.user.click(dialog.getByRole('button', { name: 'Lift the ban' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(moderationMessages.notRestricted);
    expect(second.posts()).toEqual([
      { key: 'POST /api/admin/user/ann/lift', body: { reason: 'Appeal accepted' } },
    ]);
  });

  it('warns with the text the user will read, and ends sessions after confirming', async () => {
    const { user, posts } = open(moderator, adminUserDetail(), {
      warn: () => ({ status: 200, body: { message: moderationMessages.warned, user: adminUserDetail() } }),
      'end-sessions': () => ({
        status: 200,
        body: {
          message: moderationMessages.sessionsEnded,
          user: adminUserDetail({ sessions: 0, sessionList: [] }),
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Warn @ann' }));
    await user.type(dialog.getByRole('textbox', { name: 'Warning' }), 'Keep it kind.');
    await user.click(dialog.getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(moderationMessages.warned));
    expect(posts()).toEqual([{ key: 'POST /api/admin/user/ann/warn', body: { message: 'Keep it kind.' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'End sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'End every session of @ann?' });
    await user.click(within(confirm).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(moderationMessages.sessionsEnded));
    expect(posts().at(-1)).toEqual({ key: 'POST /api/admin/user/ann/end-sessions', body: undefined });
    expect(await screen.findByText('Signed in nowhere.')).toBeInTheDocument();
  });

  it('gives a moderator no roles or badges, and only a warning for staff', async () => {
    open(moderator, adminUserDetail({ roles: ['moderator'], badges: ['staff'] }));
    expect(await screen.findByRole('button', { name: 'Warn' })).toBeInTheDocument();
    expect(screen.getByText(moderationMessages.staffOnlyByAdmin)).toBeInTheDocument();
    for (const name of ['Suspend', 'Ban', 'End sessions'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Roles and badges' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All in the audit log' })).not.toBeInTheDocument();
  });

  it('lets an admin set a badge at once and grant a staff role after confirming', async () => {
    const { user, posts } = open(admin, adminUserDetail(), {
      badge: () => ({
        status: 200,
        body: { message: 'The badge is set.', user: adminUserDetail({ badges: ['verified', 'artist'] }) },
      }),
      role: () => ({
        status: 409,
        body: { error: { code: 'last_admin', message: moderationMessages.lastAdmin } },
      }),
    });
    const verified = await screen.findByRole('switch', { name: 'Verified' });
    expect(verified).not.toBeChecked();
    await user.click(verified);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The badge is set.'));
    expect(posts()).toEqual([
      { key: 'POST /api/admin/user/ann/badge', body: { badge: 'verified', set: true } },
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Verified' })).toBeChecked());

    await user.click(screen.getByRole('switch', { name: 'Moderator' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant @ann the role moderator?' });
    expect(posts()).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Grant moderator' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(moderationMessages.lastAdmin));
    expect(posts().at(-1)).toEqual({
      key: 'POST /api/admin/user/ann/role',
      body: { role: 'moderator', granted: true },
    });
    // Refused: the switch still shows the account as it is.
    expect(screen.getByRole('switch', { name: 'Moderator' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'All in the audit log' })).toHaveAttribute(
      'href',
      '/admin/audit?target=ann',
    );
  });

  it('tells staff on their own account that it is theirs: no warn, suspend, ban or end sessions', async () => {
    const mine = adminUserDetail({ id: ADMIN_ID, login: 'mia', displayName: 'Mia', roles: ['admin'] });
    const first = open(admin, mine);
    expect(await screen.findByText('This is your account')).toBeInTheDocument();
    for (const name of ['Warn', 'Suspend', 'Ban', 'End sessions', 'Lift'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    // An admin still sets their own roles and badges (the server keeps the last admin).
    expect(screen.getByRole('switch', { name: 'Admin' })).toBeChecked();
    first.unmount();

    open(moderator, { ...mine, roles: ['moderator'] });
    expect(await screen.findByText('This is your account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Warn' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says so when no account has the login', async () => {
    stubFetch({
      ...signedIn(moderator),
      'GET /api/admin/user/nobody': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: moderationMessages.userNotFound } },
      }),
    });
    renderRoutes(adminRoutes, '/admin/users/nobody');
    expect(await screen.findByText(moderationMessages.userNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All users' })).toHaveAttribute('href', '/admin/users');
  });
});
