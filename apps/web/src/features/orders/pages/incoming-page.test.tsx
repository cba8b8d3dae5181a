import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
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
});
