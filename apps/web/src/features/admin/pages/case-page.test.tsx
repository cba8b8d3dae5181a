import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportMessages } from '@brushline/shared/moderation/messages';
import type { CaseDetail } from '@brushline/shared/moderation/schemas';
import { toast } from '../../../lib/toast.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { caseDetail, me, mia, signedIn } from '../test/admin-fixtures.ts';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

type Answer = { status: number; body?: unknown };

/** The case page's API for a moderator (Mia), with `theCase` and any call's answers. */
function open(theCase: CaseDetail = caseDetail(), calls: Record<string, (body: unknown) => Answer> = {}) {
  const log = stubFetch({
    ...signedIn(me(['moderator'])),
    [`GET /api/admin/case/${theCase.id}`]: () => ({ status: 200, body: theCase }),
    'GET /api/admin/cases': () => ({ status: 200, body: { cases: [], total: 0 } }),
    ...Object.fromEntries(
      Object.entries(calls).map(([call, f]) => [`POST /api/admin/case/${theCase.id}/${call}`, f]),
    ),
  });
  const view = renderRoutes(adminRoutes, `/admin/reports/${theCase.id}`);
  return { ...view, posts: () => log.filter((c) => c.key.startsWith('POST')) };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('/admin/reports/:id', () => {
  it('shows the case: title, status, assignee, owner, target link, and what it says now beside each report', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Post #7 by @ann: “Buy followers cheap”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Nobody')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '@ann' })[0]).toHaveAttribute('href', '/admin/users/ann');
    expect(screen.getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/post/7');
    expect(screen.getByRole('link', { name: 'All reports' })).toHaveAttribute('href', '/admin/reports');

    const now = section('What it says now');
    expect(now.getByText('Buy art supplies here')).toBeInTheDocument();
    expect(now.getByText('SFW')).toBeInTheDocument();
    expect(now.queryByText('Buy followers cheap')).not.toBeInTheDocument();

    const reported = section('What was reported');
    const reports = within(reported.getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports).toHaveLength(2);
    const newest = within(reports[0]!);
    expect(newest.getByText('Something else')).toBeInTheDocument();
    expect(newest.getByRole('link', { name: '@bob' })).toHaveAttribute('href', '/admin/users/bob');
    expect(newest.getByText('Links to a scam shop')).toBeInTheDocument();
    expect(newest.getByText('Buy followers cheap at scam.example')).toBeInTheDocument();
    expect(newest.getByText('2 pictures')).toBeInTheDocument();
    // Edited since it was reported.
    expect(newest.getByText('Changed since')).toBeInTheDocument();
    const oldest = within(reports[1]!);
    expect(oldest.getByText('Spam')).toBeInTheDocument();
    expect(oldest.getByText('No comment.')).toBeInTheDocument();
    expect(oldest.getByText('Buy followers cheap')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Take this case' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'End the case' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Case #12 · Admin · Brushline'));
  });

  it('says when the content is gone, and when staff hid it', async () => {
    const first = open(caseDetail({ live: null }));
    expect(await screen.findByText('It no longer exists or is hidden from you.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the post' })).not.toBeInTheDocument();
    first.unmount();

    open(
      caseDetail({
        hidden: true,
        live: {
          text: 'Buy followers cheap',
          maturity: 'sfw',
          media: [],
          owner: 'ann',
          hiddenByStaff: 'Spam',
        },
      }),
    );
    const now = within(await screen.findByRole('region', { name: 'What it says now' }));
    expect(now.getByText(/Hidden by staff: Spam/)).toBeInTheDocument();
  });

  it('takes the case and gives it back, sending assignToMe', async () => {
    const mine = caseDetail({ status: 'investigating', assignee: mia });
    const { user, posts } = open(caseDetail(), {
      assign: (body) => ({
        status: 200,
        body: (body as { assignToMe: boolean }).assignToMe ? mine : caseDetail(),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Take this case' }));
    expect(await screen.findByRole('button', { name: 'Give it back' })).toBeInTheDocument();
    expect(screen.getByText('Investigating')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '@mia' }).length).toBeGreaterThan(0);
    expect(posts()).toEqual([{ key: 'POST /api/admin/case/12/assign', body: { assignToMe: true } }]);

    await user.click(screen.getByRole('button', { name: 'Give it back' }));
    expect(await screen.findByRole('button', { name: 'Take this case' })).toBeInTheDocument();
    expect(posts().at(-1)).toEqual({ key: 'POST /api/admin/case/12/assign', body: { assignToMe: false } });
  });

  it('tells why taking a case was refused', async () => {
    const { user } = open(caseDetail(), {
      assign: () => ({
        status: 409,
        body: { error: { code: 'case_closed', message: reportMessages.caseClosed } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Take this case' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(reportMessages.caseClosed));
  });

  it('adds a note, which shows under Notes; an empty note is not sent', async () => {
    const { user, posts } = open(caseDetail(), {
      note: () => ({
        status: 200,
        body: caseDetail({
          notes: [{ id: 1, at: '2026-11-21T11:00:00.000Z', author: mia, text: 'Asked Ann about the link.' }],
        }),
      }),
    });
    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(reportMessages.noteRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.type(field, '  Asked Ann about the link.  ');
    expect(screen.getByText(/^29\/2000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = within(await screen.findByRole('list', { name: 'Notes' }));
    expect(notes.getByText('Asked Ann about the link.')).toBeInTheDocument();
    expect(posts()).toEqual([
      { key: 'POST /api/admin/case/12/note', body: { text: 'Asked Ann about the link.' } },
    ]);
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('hides the post only after the confirmation, sending outcome and resolution, then shows the ended case', async () => {
    const ended = caseDetail({
      status: 'resolved',
      assignee: mia,
      resolution: 'Hidden: a scam link.',
      hidden: true,
      live: {
        text: 'Buy art supplies here',
        maturity: 'sfw',
        media: [],
        owner: 'ann',
        hiddenByStaff: 'Hidden: a scam link.',
      },
    });
    const { user, posts } = open(caseDetail(), {
      close: () => ({ status: 200, body: { message: reportMessages.hidden, case: ended } }),
    });
    const end = within(await screen.findByRole('region', { name: 'End the case' }));
    // Both the outcome and the resolution are required; nothing opens without them.
    await user.click(end.getByRole('button', { name: 'End the case' }));
    expect(await end.findByText('Choose how the case ends.')).toBeInTheDocument();
    expect(end.getByText(reportMessages.resolutionRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(end.getByRole('radio', { name: 'Hide the post' }));
    expect(end.getByText(/every reporter and the owner read it/)).toBeInTheDocument();
    await user.type(end.getByRole('textbox', { name: 'Resolution' }), 'Hidden: a scam link.');
    await user.click(end.getByRole('button', { name: 'End the case' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Hide the post and resolve the case?' }));
    expect(
      dialog.getByText(reportMessages.reporterTold('a post', 'resolved', 'Hidden: a scam link.')),
    ).toBeInTheDocument();
    expect(dialog.getByText('Hidden by staff: Hidden: a scam link.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    // Back sends nothing and keeps what was written.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);
    expect(end.getByRole('textbox', { name: 'Resolution' })).toHaveValue('Hidden: a scam link.');

    await user.click(end.getByRole('button', { name: 'End the case' }));
    const again = within(await screen.findByRole('dialog', { name: 'Hide the post and resolve the case?' }));
    await user.click(again.getByRole('button', { name: 'Hide and resolve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(reportMessages.hidden));
    expect(posts()).toEqual([
      { key: 'POST /api/admin/case/12/close', body: { outcome: 'hide', resolution: 'Hidden: a scam link.' } },
    ]);

    const outcome = within(await screen.findByRole('region', { name: 'How it ended' }));
    expect(outcome.getByText('Resolved')).toBeInTheDocument();
    expect(outcome.getByText('Hidden: a scam link.')).toBeInTheDocument();
    expect(
      outcome.getByText(/The post is hidden from everyone but its owner and staff\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'End the case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this case' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'How it ended' })).toHaveFocus();
  });

  it('relabels the post: asks for the new label (not the one it has), tells what its owner reads', async () => {
    const ended = caseDetail({ status: 'resolved', assignee: mia, resolution: 'Explicit: nsfw.' });
    const { user, posts } = open(caseDetail(), {
      close: () => ({ status: 200, body: { message: reportMessages.relabelled, case: ended } }),
    });
    const end = within(await screen.findByRole('region', { name: 'End the case' }));
    await user.click(end.getByRole('radio', { name: 'Change the post’s maturity label' }));
    const labels = within(end.getByRole('radiogroup', { name: 'New maturity label' }));
    expect(labels.queryByRole('radio', { name: 'sfw' })).not.toBeInTheDocument();
    await user.type(end.getByRole('textbox', { name: 'Resolution' }), 'Explicit: nsfw.');
    await user.click(end.getByRole('button', { name: 'End the case' }));
    expect(await end.findByText(reportMessages.maturityRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(labels.getByRole('radio', { name: 'nsfw' }));
    await user.click(end.getByRole('button', { name: 'End the case' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Change the post’s maturity label and resolve the case?' }),
    );
    expect(dialog.getByText(reportMessages.relabelledTold('nsfw', 'Explicit: nsfw.'))).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Change and resolve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(reportMessages.relabelled));
    expect(posts()).toEqual([
      {
        key: 'POST /api/admin/case/12/close',
        body: { outcome: 'relabel', maturity: 'nsfw', resolution: 'Explicit: nsfw.' },
      },
    ]);
  });

  it('dismisses with the words the reporters read, and shows a refusal in the dialog', async () => {
    const { user, posts } = open(caseDetail(), {
      close: () => ({
        status: 409,
        body: { error: { code: 'case_closed', message: reportMessages.caseClosed } },
      }),
    });
    const end = within(await screen.findByRole('region', { name: 'End the case' }));
    await user.click(end.getByRole('radio', { name: 'Dismiss: no action' }));
    expect(end.getByText(/every reporter reads it/)).toBeInTheDocument();
    await user.type(end.getByRole('textbox', { name: 'Resolution' }), 'Not against the rules.');
    await user.click(end.getByRole('button', { name: 'End the case' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dismiss the case?' }));
    expect(dialog.getByText('Each of the 2 reporters reads:')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(reportMessages.caseClosed);
    expect(posts()).toEqual([
      {
        key: 'POST /api/admin/case/12/close',
        body: { outcome: 'dismiss', resolution: 'Not against the rules.' },
      },
    ]);
  });

  it('puts a refused resolution back under its field', async () => {
    const { user } = open(caseDetail(), {
      close: () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Invalid',
            fields: { resolution: reportMessages.resolutionTooLong },
          },
        },
      }),
    });
    const end = within(await screen.findByRole('region', { name: 'End the case' }));
    await user.click(end.getByRole('radio', { name: 'Resolve: action taken on the account' }));
    await user.type(end.getByRole('textbox', { name: 'Resolution' }), 'Warned the owner.');
    await user.click(end.getByRole('button', { name: 'End the case' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve the case?' }));
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await end.findByText(reportMessages.resolutionTooLong)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no hiding for content that cannot be hidden, and no target link where the site has no page', async () => {
    open(
      caseDetail({
        targetKind: 'image',
        targetId: '5',
        title: 'Gallery image “Sunset” by @ann',
        canHide: false,
        canRelabel: false,
        live: { title: 'Sunset', media: 'm9', tags: ['landscape', 'sky'] },
        reportList: [],
      }),
    );
    const end = within(await screen.findByRole('region', { name: 'End the case' }));
    expect(end.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['resolve', 'dismiss']);
    expect(end.queryByRole('radio', { name: /Hide/ })).not.toBeInTheDocument();
    const now = section('What it says now');
    expect(now.getByText('landscape, sky')).toBeInTheDocument();
    expect(now.getByText('1 picture')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Open the/ })).not.toBeInTheDocument();
  });

  it('shows how an ended case ended, with no way to take or end it; notes still go on', async () => {
    open(caseDetail({ status: 'dismissed', assignee: mia, resolution: 'Fan art is allowed here.' }));
    const outcome = within(await screen.findByRole('region', { name: 'How it ended' }));
    expect(outcome.getByText('Dismissed')).toBeInTheDocument();
    expect(outcome.getByText(/Dismissed: no action was taken/)).toBeInTheDocument();
    expect(outcome.getByText('Fan art is allowed here.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'End the case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give it back' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a note' })).toBeInTheDocument();
  });

  it('says so when there is no such case', async () => {
    stubFetch({
      ...signedIn(me(['moderator'])),
      'GET /api/admin/case/99': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: reportMessages.caseNotFound } },
      }),
    });
    renderRoutes(adminRoutes, '/admin/reports/99');
    expect(await screen.findByText(reportMessages.caseNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All reports' })).toHaveAttribute('href', '/admin/reports');
  });
});
