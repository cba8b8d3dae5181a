import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportMessages } from '@brushline/shared/moderation/messages';
import { toast } from '../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../test/render.tsx';
import { ReportButton } from './report-button.tsx';

const routes = [page('/', <ReportButton targetKind="post" targetId="12" />)];

afterEach(() => vi.restoreAllMocks());

describe('ReportButton', () => {
  it('asks why, sends the reason and comment, and thanks the reporter', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      'POST /api/report': () => ({ status: 200, body: { message: reportMessages.sent } }),
    });
    const { user } = renderRoutes(routes, '/');
    await user.click(screen.getByRole('button', { name: 'Report this post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this post' }));
    // No reason yet: nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText(reportMessages.reasonRequired)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Something else' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText(reportMessages.otherNeedsComment)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/report')).toBe(false);
    await user.type(dialog.getByRole('textbox', { name: /What is wrong/ }), 'Traced from my art');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(reportMessages.sent));
    expect(calls.find((c) => c.key === 'POST /api/report')?.body).toEqual({
      targetKind: 'post',
      targetId: '12',
      reason: 'other',
      comment: 'Traced from my art',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why the server refused and keeps the dialog open', async () => {
    stubFetch({
      'POST /api/report': () => ({
        status: 409,
        body: { error: { code: 'already_reported', message: reportMessages.alreadyReported } },
      }),
    });
    const { user } = renderRoutes(routes, '/');
    await user.click(screen.getByRole('button', { name: 'Report this post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this post' }));
    await user.click(dialog.getByRole('radio', { name: 'Spam' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(reportMessages.alreadyReported);
  });
});
