import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { requestMessages } from '@brushline/shared/requests/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, buyerMe } from '../../orders/test/order-fixtures.ts';
import { makeRequest, REQUEST_GUID } from '../test/request-fixtures.ts';
import { RequestCreatePage, RequestEditorPage } from './request-editor-page.tsx';

const routes = [
  page('/crm/requests/create', <RequestCreatePage />),
  page('/crm/requests/editor/:guid', <RequestEditorPage />),
  page('/crm/requests/active', <p>my requests</p>),
];
const session = (me = buyerMe) => ({ 'GET /api/sessioncheck': () => ({ status: 200, body: me }) });
const getRequest = {
  [`GET /api/request/get/${REQUEST_GUID}`]: () => ({
    status: 200,
    body: { request: makeRequest(), myApplication: null },
  }),
};

afterEach(() => vi.restoreAllMocks());

describe('request create form and editor', () => {
  it('creates a request with SPEC §5 prices and opens its editor by guid', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      ...session(),
      ...getRequest,
      'POST /api/request/create': () => ({
        status: 200,
        body: { guid: REQUEST_GUID, request: makeRequest(), message: messages.requestCreated },
      }),
    });
    const { user, router } = renderRoutes(routes, '/crm/requests/create');
    await user.type(await screen.findByLabelText(/^Title/), 'A dragon on a hill');
    const min = screen.getByLabelText('Budget from (USD)');
    const max = screen.getByLabelText('Budget to (USD)');
    await user.clear(max);
    await user.type(max, '100');
    await user.clear(min);
    await user.type(min, '500');
    // While typing: the minimum being typed stops at the maximum (decision 0018).
    expect(screen.getByText(/Saved as \$100.00 – \$100.00/)).toBeInTheDocument();
    await user.tab();
    expect(min).toHaveValue('$100');
    const deadline = screen.getByLabelText('Deadline (days)');
    await user.clear(deadline);
    await user.type(deadline, '999');
    await user.tab();
    expect(deadline).toHaveValue('365');
    await user.click(screen.getByRole('radio', { name: /Hidden/ }));
    await user.click(screen.getByRole('combobox', { name: /^Type of work/ }));
    await user.click(await screen.findByRole('option', { name: 'Comic', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.requestCreated));
    expect(calls.find((c) => c.key === 'POST /api/request/create')?.body).toMatchObject({
      title: 'A dragon on a hill',
      typeOfWork: 'comic',
      priceMin: 100,
      priceMax: 100,
      deadline: 365,
      privacy: 'hidden',
      tags: [],
      attachedMedia: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/crm/requests/editor/${REQUEST_GUID}`));
  });

  it('chooses no type of work for the person: it is required, and says so', async () => {
    const calls = stubFetch({ ...session() });
    const { user } = renderRoutes(routes, '/crm/requests/create');
    const type = await screen.findByRole('combobox', { name: /^Type of work/ });
    expect(type).toHaveValue('');
    expect(type).toHaveAttribute('placeholder', 'Choose one');
    await user.type(screen.getByLabelText(/^Title/), 'A dragon on a hill');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText(requestMessages.typeOfWorkRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/request/create')).toBe(false);
  });

  it('refuses an empty title in the browser and saves nothing', async () => {
    const calls = stubFetch({ ...session() });
    const { user } = renderRoutes(routes, '/crm/requests/create');
    await user.click(await screen.findByRole('button', { name: 'Create request' }));
    expect(await screen.findByText('Give the request a title')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/request/create')).toBe(false);
  });

  it('opens in view mode, edits, saves and goes back to My requests', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      ...session(),
      ...getRequest,
      'PATCH /api/request/update/7': () => ({
        status: 200,
        body: { request: makeRequest({ title: 'Two dragons' }), message: messages.requestSaved },
      }),
    });
    const { user, router } = renderRoutes(routes, `/crm/requests/editor/${REQUEST_GUID}`);
    expect(await screen.findByRole('heading', { name: 'A dragon on a hill' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Two dragons');
    await user.click(screen.getByRole('button', { name: 'Save request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.requestSaved));
    expect(calls.find((c) => c.key === 'PATCH /api/request/update/7')?.body).toMatchObject({
      title: 'Two dragons',
      priceMin: 50,
      priceMax: 200,
      tags: ['dragon'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/requests/active'));
  });

  it('Cancel in the editor asks "Discard your changes?": Keep editing keeps them, Discard goes back to view mode', async () => {
    const calls = stubFetch({ ...session(), ...getRequest });
    const { user, router } = renderRoutes(routes, `/crm/requests/editor/${REQUEST_GUID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Two dragons');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('What you changed in this request is not saved');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Two dragons');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'A dragon on a hill' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    expect(router.state.location.pathname).toBe(`/crm/requests/editor/${REQUEST_GUID}`);
    expect(calls.some((c) => c.key === 'PATCH /api/request/update/7')).toBe(false);
    // Editing again starts from the saved request, not from the discarded changes.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('A dragon on a hill');
  });

  it('Cancel without changes leaves at once: the editor to view mode, the create form to My requests', async () => {
    stubFetch({ ...session(), ...getRequest });
    const { user, router } = renderRoutes(routes, `/crm/requests/editor/${REQUEST_GUID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await router.navigate('/crm/requests/create');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/requests/active'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel on the create form with a title typed asks once, then leaves for My requests', async () => {
    stubFetch({ ...session() });
    const { user, router } = renderRoutes(routes, '/crm/requests/create');
    await user.type(await screen.findByLabelText(/^Title/), 'A dragon');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('What you changed in the new request is not saved');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/requests/active'));
    // The leave guard does not ask a second time.
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it("sends someone else's request to its public page instead of editing it", async () => {
    stubFetch({ ...session(artistMe), ...getRequest });
    renderRoutes(routes, `/crm/requests/editor/${REQUEST_GUID}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Only its owner can edit this request' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the public page' })).toHaveAttribute(
      'href',
      `/requests/${REQUEST_GUID}`,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says a deleted or hidden request is not available (the server answers 404 alike)', async () => {
    stubFetch({
      ...session(),
      [`GET /api/request/get/${REQUEST_GUID}`]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Request not found' } },
      }),
    });
    renderRoutes(routes, `/crm/requests/editor/${REQUEST_GUID}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This request is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/deleted it or hid it/)).toBeInTheDocument();
  });
});
