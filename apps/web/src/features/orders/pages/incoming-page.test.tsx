import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { userKeys } from '../../users/api/user-queries.ts';
import { reputationFixture } from '../../users/test/user-fixtures.ts';
import { artistMe, buyerMe, makeForm } from '../test/order-fixtures.ts';
import { IncomingPage } from './incoming-page.tsx';

const routes = [page('/crm/pending/new', <IncomingPage />)];
const session = { 'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }) };
// People with pictures, as most have: each <img> must carry an alt (axe image-alt).
const sender = {
  id: buyerMe.id,
  login: 'bob',
  displayName: 'Bob',
  avatarMiniatureUrl: `/api/media/${buyerMe.id}/miniature`,
};
const form = makeForm(1, 'none', {
  description: 'My cat',
  totalPrice: 35.5,
  sendComissionCardOptions: [{ title: 'Size', options: [{ key: 'full', option: 'Full body', price: 15.5 }] }],
});

afterEach(() => vi.restoreAllMocks());

/** A commissioner's card: their requests and what is said about them. */
const groupOf = async (name: string) =>
  (await screen.findByRole('list', { name: `Requests from ${name}` })).closest<HTMLElement>(
    '.mantine-Card-root',
  )!;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const carol = {
  id: '6f1c1f9e-5555-4555-8555-555555555555',
  login: 'carol',
  displayName: 'Carol',
  avatarMiniatureUrl: '/api/media/6f1c1f9e-5555-4555-8555-555555555555/miniature',
};

describe('incoming requests', () => {
  it('says there is nothing new when no form waits', async () => {
    stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({ status: 200, body: [] }),
    });
    renderRoutes(routes, '/crm/pending/new');
    expect(await screen.findByText(messages.nothingNew)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'commission forms' })).toHaveAttribute('href', '/crm/cards');
  });

  it('groups forms by commissioner, marks one read on Details, and declines only after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({
        status: 200,
        body: [{ sender, forms: [form] }],
      }),
      'PUT /api/comissionform/read/1': () => ({ status: 200, body: { ...form, isRead: true } }),
      'DELETE /api/comissionform/decline/1': () => ({
        status: 200,
        body: { message: messages.formDeclined },
      }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/new');
    const group = within(await screen.findByRole('list', { name: 'Requests from Bob' }));
    expect(group.getByText('New!')).toBeInTheDocument();

    await user.click(group.getByRole('button', { name: 'Details of Order 1 #1' }));
    const details = within(await screen.findByRole('dialog', { name: 'Order 1' }));
    expect(details.getByText('Full body')).toBeInTheDocument();
    expect(details.getByText('My cat')).toBeInTheDocument();
    // The lines add up to the total: the starting price is what the options leave of it.
    expect(details.getByRole('row', { name: /Starting price/ })).toHaveTextContent('$20.00');
    expect(details.getByText('$35.50')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/comissionform/read/1')).toBe(true));

    await user.click(details.getByRole('button', { name: 'Decline' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Decline this request?' }));
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    // An optional reason, which the commissioner will see.
    await user.type(confirm.getByLabelText('Reason (optional)'), 'Fully booked');
    await user.click(confirm.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.formDeclined));
    expect(calls.find((c) => c.key.startsWith('DELETE /api/comissionform/decline/'))?.body).toEqual({
      reason: 'Fully booked',
    });
  });

  it('accepts a form from its details', async () => {
    const calls = stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({
        status: 200,
        body: [{ sender, forms: [{ ...form, isRead: true }] }],
      }),
      'PUT /api/task/101/accept': () => ({ status: 200, body: makeForm(1, 'waiting') }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/new');
    await user.click(await screen.findByRole('button', { name: 'Details of Order 1 #1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/task/101/accept')).toBe(true));
    // Already read: opening the details does not mark it again.
    expect(calls.some((c) => c.key.startsWith('PUT /api/comissionform/read'))).toBe(false);
  });

  it('tells apart requests for the same card, marks each as waiting for an answer, unread first', async () => {
    const portrait = (id: number, patch: Parameters<typeof makeForm>[2]) =>
      makeForm(id, 'none', { cardTitle: 'Character portrait', totalPrice: 75, ...patch });
    stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({
        status: 200,
        body: [
          {
            sender,
            forms: [
              portrait(7, {
                isRead: true,
                createdAt: hoursAgo(2),
                description: 'My elf ranger, Lyra: green cloak, silver hair, a hawk on her shoulder.',
                sendComissionCardOptions: [
                  { title: 'Framing', options: [{ key: 'half', option: 'Half body', price: 20 }] },
                  { title: 'Extras', options: [{ key: 'bg', option: 'Simple background', price: 15 }] },
                ],
              }),
              portrait(9, {
                createdAt: hoursAgo(30),
                waitlist: true,
                description: 'A headshot of my rogue, Finn.',
                sendComissionCardOptions: [
                  { title: 'Framing', options: [{ key: 'head', option: 'Headshot', price: 0 }] },
                ],
              }),
            ],
          },
          {
            sender: carol,
            forms: [portrait(8, { isRead: true, sender: carol, senderId: carol.id, createdAt: hoursAgo(3) })],
          },
        ],
      }),
    });
    renderRoutes(routes, '/crm/pending/new');
    const bobs = within(await screen.findByRole('list', { name: 'Requests from Bob' }));
    // Unread first: #9 came before the read #7, though the API sent it second.
    const rows = bobs.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Character portrait (order #9, from Bob)',
      'Character portrait (order #7, from Bob)',
    ]);
    const [finn, lyra] = rows.map((r) => within(r));
    expect(finn!.getByText('#9')).toBeInTheDocument();
    expect(finn!.getByText('Headshot')).toBeInTheDocument();
    expect(finn!.getByText('“A headshot of my rogue, Finn.”')).toBeInTheDocument();
    expect(finn!.getByText('1 day ago')).toBeInTheDocument();
    expect(finn!.getByText('New!')).toBeInTheDocument();
    // Sent while no slot was open (decision 0014); #7 was not.
    expect(finn!.getByText('waitlist')).toBeInTheDocument();
    expect(lyra!.queryByText('waitlist')).not.toBeInTheDocument();
    expect(lyra!.getByText('#7')).toBeInTheDocument();
    expect(lyra!.getByText('Half body, Simple background')).toBeInTheDocument();
    expect(
      lyra!.getByText('“My elf ranger, Lyra: green cloak, silver hair, a hawk on her shoulder.”'),
    ).toBeInTheDocument();
    expect(lyra!.getByText('2 hours ago')).toBeInTheDocument();
    expect(lyra!.getByText('@bob')).toBeInTheDocument();
    // Every request here waits for the artist's answer, and says so in words.
    for (const row of [finn!, lyra!])
      expect(row.getByText('Your turn: accept or decline')).toBeInTheDocument();
    // The group with an unread request comes first.
    const groups = screen.getAllByRole('list', { name: /^Requests from/ });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Requests from Bob',
      'Requests from Carol',
    ]);
    expect(
      within(groups[1]!).getByRole('listitem', { name: 'Character portrait (order #8, from Carol)' }),
    ).toHaveTextContent('No description');
    // Each group's and each row's picture stands beside the name: an empty alt, never none.
    const pictures = [...document.querySelectorAll('img')];
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const img of pictures) expect(img.getAttribute('alt')).toBe('');
  });

  it('shows each commissioner’s record as a buyer, without holding the list for it', async () => {
    let answerCarol: (a: { status: number; body: unknown }) => void = () => {};
    const calls = stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({
        status: 200,
        body: [
          { sender, forms: [form] },
          { sender: carol, forms: [{ ...makeForm(3, 'none'), sender: carol, senderId: carol.id }] },
        ],
      }),
      'GET /api/reputation/bob': () => ({
        status: 200,
        body: reputationFixture({}, { ordersDone: 3, rating: { average: 4.5, count: 2 } }),
      }),
      // Carol's record is slow to come: the list shows meanwhile.
      'GET /api/reputation/carol': () => new Promise((resolve) => (answerCarol = resolve)),
      'PUT /api/comissionform/read/1': () => ({ status: 200, body: { ...form, isRead: true } }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/new');
    const bobs = within(await groupOf('Bob'));
    const carols = within(await groupOf('Carol'));
    expect(await bobs.findByText(/^3 orders done/)).toHaveTextContent('3 orders done · 4.5 ★');
    expect(bobs.getByRole('img', { name: 'Rated 4.5 of 5 from 2 reviews' })).toBeInTheDocument();
    expect(carols.getByRole('button', { name: 'Details of Order 3 #3' })).toBeInTheDocument();
    expect(carols.queryByText(/done|First order here/)).not.toBeInTheDocument();
    answerCarol({ status: 200, body: reputationFixture() });
    expect(await carols.findByText('First order here')).toBeInTheDocument();

    // The details, where the artist accepts or declines, say it beside the commissioner too.
    await user.click(bobs.getByRole('button', { name: 'Details of Order 1 #1' }));
    const details = within(await screen.findByRole('dialog', { name: 'Order 1' }));
    expect(details.getByText(/^3 orders done/)).toHaveTextContent('3 orders done · 4.5 ★');
    // Asked for once per commissioner, however many places show it.
    expect(calls.filter((c) => c.key === 'GET /api/reputation/bob')).toHaveLength(1);
  });

  it('shows the requests as usual when a record cannot be read', async () => {
    stubFetch({
      ...session,
      'GET /api/comissionforms/artist/pending/ann': () => ({
        status: 200,
        body: [{ sender, forms: [form] }],
      }),
      'GET /api/reputation/bob': () => ({
        status: 500,
        body: { error: { code: 'server_error', message: 'Something went wrong' } },
      }),
    });
    const { client } = renderRoutes(routes, '/crm/pending/new');
    const group = within(await screen.findByRole('list', { name: 'Requests from Bob' }));
    expect(group.getByRole('button', { name: 'Details of Order 1 #1' })).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryState(userKeys.reputation('bob'))?.status).toBe('error'));
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText(/orders? done|First order here/)).not.toBeInTheDocument();
  });
});
