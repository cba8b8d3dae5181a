import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { buyerMe } from '../../orders/test/order-fixtures.ts';
import { makeApplication, REQUEST_GUID } from '../test/request-fixtures.ts';
import { PendingPage } from './pending-page.tsx';

const routes = [page('/crm/requests/pending', <PendingPage />)];
const session = { 'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }) };
const group = (applications: ReturnType<typeof makeApplication>[]) => ({
  request: { guid: REQUEST_GUID, title: 'A dragon on a hill' },
  applications,
});

afterEach(() => vi.restoreAllMocks());

describe('pending applications', () => {
  it('says there is nothing new when no application came', async () => {
    stubFetch({ ...session, 'GET /api/request/pending/get': () => ({ status: 200, body: [] }) });
    renderRoutes(routes, '/crm/requests/pending');
    expect(await screen.findByText(messages.nothingNew)).toBeInTheDocument();
  });

  it('groups applications by request, marks one read on View, and approves only after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const below = makeApplication(1, { offeredPrice: 30, belowMinimum: true });
    const approved = makeApplication(1, {
      ...below,
      isRead: true,
      status: 'approved',
      commissionTask: { id: 3, formId: 4, status: 'waiting' },
    });
    let answered = false;
    const calls = stubFetch({
      ...session,
      'GET /api/request/pending/get': () => ({
        status: 200,
        body: [group([answered ? approved : below])],
      }),
      'PATCH /api/request/read/1': () => ({ status: 200, body: { ...below, isRead: true } }),
      'POST /api/request/answer': () => {
        answered = true;
        return { status: 200, body: { application: approved, message: messages.applicationAnswered } };
      },
    });
    const { user } = renderRoutes(routes, '/crm/requests/pending');
    const list = within(await screen.findByRole('list', { name: 'Applications to A dragon on a hill' }));
    expect(list.getByText('New!')).toBeInTheDocument();
    expect(list.getByText('below the minimum')).toBeInTheDocument();
    // Not answered yet: no order to open.
    expect(list.queryByRole('link', { name: /Open order/ })).toBeNull();

    // The group folds away and back with its header button.
    const toggle = screen.getByRole('button', { name: /A dragon on a hill/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    // Unfolding runs Mantine's Collapse transition: the row is hidden until it ends.
    await user.click(await list.findByRole('button', { name: 'View application of Ann' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Application to "A dragon on a hill"' }));
    expect(dialog.getByText('I love dragons')).toBeInTheDocument();
    expect(dialog.getByText('Below the requested minimum of $50.00')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === 'PATCH /api/request/read/1')).toBe(true));

    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approve this application?' }));
    expect(calls.some((c) => c.key === 'POST /api/request/answer')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.applicationAnswered));
    expect(calls.find((c) => c.key === 'POST /api/request/answer')?.body).toEqual({
      id: 1,
      answer: 'confirm',
    });
    // Approved: the row links to the order the approval made.
    const open = await list.findByRole('link', { name: 'Open order #4' });
    expect(open).toHaveAttribute('href', '/order/4');
    expect(list.getByText('Approved')).toBeInTheDocument();
  });

  it("says SPEC §8's words when an answer is refused, and changes nothing", async () => {
    const error = vi.spyOn(toast, 'error');
    stubFetch({
      ...session,
      'GET /api/request/pending/get': () => ({
        status: 200,
        body: [group([makeApplication(1, { isRead: true })])],
      }),
      'POST /api/request/answer': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'This application was already answered' } },
      }),
    });
    const { user } = renderRoutes(routes, '/crm/requests/pending');
    await user.click(await screen.findByRole('button', { name: 'View application of Ann' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Application to/ }));
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Decline this application?' }));
    await user.click(confirm.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.applicationAnswerFailed));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This application was already answered');
  });
});
