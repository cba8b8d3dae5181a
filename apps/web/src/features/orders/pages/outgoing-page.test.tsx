import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { orderMessages } from '@brushline/shared/orders/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { buyerMe, makeForm } from '../test/order-fixtures.ts';
import { OutgoingPage } from './outgoing-page.tsx';

const routes = [page('/crm/outgoing/orders', <OutgoingPage />)];
const forms = [
  makeForm(1, 'none'),
  makeForm(2, 'waiting'),
  makeForm(3, 'processing'),
  makeForm(4, 'finished'),
  makeForm(5, 'done'),
  makeForm(6, 'canceled'),
  makeForm(7, 'declined'),
];
/** The order numbers of the rows of a list, in the order shown. */
const numbersIn = (name: string) =>
  within(screen.getByRole('list', { name: name === 'Waiting for you' ? name : `${name} orders` }))
    .queryAllByRole('listitem')
    .map((el) => /order #(\d+)/.exec(el.getAttribute('aria-label') ?? '')?.[1]);

afterEach(() => vi.restoreAllMocks());

describe('outgoing orders', () => {
  it('explains an empty page instead of showing empty columns', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: [] }),
    });
    renderRoutes(routes, '/crm/outgoing/orders');
    expect(await screen.findByText('You have not ordered anything yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find artists in the feed' })).toHaveAttribute('href', '/feed');
    expect(screen.queryByRole('list', { name: 'Pending orders' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Display canceled column')).not.toBeInTheDocument();
  });

  it('puts each status in its SPEC §4 column, what waits for the buyer first; canceled and done when switched on', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: forms }),
    });
    const { user } = renderRoutes(routes, '/crm/outgoing/orders');
    await screen.findByRole('list', { name: 'Pending orders' });
    // The delivered order waits for the buyer: lifted to the top of the page, marked in words.
    const top = within(screen.getByRole('list', { name: 'Waiting for you' }));
    expect(numbersIn('Waiting for you')).toEqual(['4']);
    expect(top.getByText('Your turn: approve or send back')).toBeInTheDocument();
    const lists = screen.getAllByRole('list').map((l) => l.getAttribute('aria-label'));
    expect(lists[0]).toBe('Waiting for you');
    expect(numbersIn('Pending')).toEqual(['1', '2']);
    expect(numbersIn('In progress')).toEqual(['3']);
    // Its column counts it and points up, rather than show it twice.
    expect(numbersIn('Finished')).toEqual([]);
    expect(screen.getByText('1 waiting for you, at the top of the page.')).toBeInTheDocument();
    expect(screen.getAllByText(/Your turn/)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Canceled orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Done orders' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Display canceled column'));
    expect(numbersIn('Canceled')).toEqual(['6', '7']);
    await user.click(screen.getByLabelText('Display done column'));
    expect(numbersIn('Done')).toEqual(['5']);
  });

  it('gives each row one way to the order: "Open order" to its page, no separate Details', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: forms.slice(0, 4) }),
    });
    renderRoutes(routes, '/crm/outgoing/orders');
    const row = within(await screen.findByRole('listitem', { name: /order #3,/ }));
    expect(row.getByRole('link', { name: 'Open order #3' })).toHaveAttribute('href', '/order/3');
    expect(row.getByRole('link', { name: 'Open order #3' })).toHaveTextContent('Open order');
    expect(row.queryByRole('button', { name: /Details/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Details/ })).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /^Open order #/ })).toHaveLength(4);
  });

  it('offers cancel only while the artist has not answered, and asks before canceling', async () => {
    const success = vi.spyOn(toast, 'success');
    let list = forms.slice(0, 4);
    const calls = stubFetch({
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: list }),
      'DELETE /api/comissionform/decline-request-as-buyer/1': () => {
        list = [makeForm(1, 'canceled'), ...list.slice(1)];
        return { status: 200, body: { message: messages.buyerCanceled } };
      },
    });
    const { user } = renderRoutes(routes, '/crm/outgoing/orders');
    const first = within(await screen.findByRole('listitem', { name: /order #1,/ }));
    expect(
      within(screen.getByRole('listitem', { name: /order #2,/ })).queryByRole('button', { name: 'Cancel' }),
    ).toBeNull();

    await user.click(first.getByRole('button', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Cancel this request?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(first.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel request' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.buyerCanceled));
    await waitFor(() => expect(numbersIn('Pending')).toEqual(['2']));
  });

  it('approves a finished task, or sends it back with a comment', async () => {
    const calls = stubFetch({
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: forms.slice(0, 4) }),
      'PUT /api/task/104/approve': () => ({ status: 200, body: makeForm(4, 'done') }),
      'PUT /api/task/104/send-back': () => ({ status: 200, body: makeForm(4, 'processing') }),
    });
    const { user } = renderRoutes(routes, '/crm/outgoing/orders');
    const finished = within(await screen.findByRole('listitem', { name: /order #4,/ }));
    await user.click(finished.getByRole('button', { name: 'Send back' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send back for changes' }));
    // The card included 2 revisions: this send-back starts the first.
    expect(dialog.getByText(/This starts revision 1 of 2/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send back' }));
    expect(await dialog.findByText(orderMessages.commentRequired)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('What should change?'), 'Bigger ears');
    await user.click(dialog.getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/task/104/send-back')?.body).toEqual({
        comment: 'Bigger ears',
      }),
    );

    // Approving is final: it asks first, and says so.
    await user.click(finished.getByRole('button', { name: 'Approve' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approve the delivered work?' }));
    expect(confirm.getByText(/Approving is final/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /api/task/104/approve')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Approve, it is final' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/task/104/approve')).toBe(true));
  });

  it('tells apart orders of the same card: number, artist, options, brief and age', async () => {
    const dan = {
      id: '6f1c1f9e-6666-4666-8666-666666666666',
      login: 'dan',
      displayName: 'Dan',
      avatarMiniatureUrl: null,
    };
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/comissionforms/outgoing': () => ({
        status: 200,
        body: [
          makeForm(11, 'none', {
            cardTitle: 'Character portrait',
            createdAt: hoursAgo(0.5),
            description: 'My elf ranger, Lyra: green cloak, silver hair.',
            sendComissionCardOptions: [
              { title: 'Framing', options: [{ key: 'half', option: 'Half body', price: 20 }] },
            ],
          }),
          makeForm(12, 'none', {
            cardTitle: 'Character portrait',
            artist: dan,
            createdAt: hoursAgo(50),
            description: '',
          }),
        ],
      }),
    });
    renderRoutes(routes, '/crm/outgoing/orders');
    const lyra = within(
      await screen.findByRole('listitem', { name: 'Character portrait (order #11, to Ann)' }),
    );
    const other = within(screen.getByRole('listitem', { name: 'Character portrait (order #12, to Dan)' }));
    expect(lyra.getByText('#11')).toBeInTheDocument();
    expect(lyra.getByText('@ann')).toBeInTheDocument();
    expect(lyra.getByText('Half body')).toBeInTheDocument();
    expect(lyra.getByText('“My elf ranger, Lyra: green cloak, silver hair.”')).toBeInTheDocument();
    expect(lyra.getByText('30 minutes ago')).toBeInTheDocument();
    expect(other.getByText('#12')).toBeInTheDocument();
    expect(other.getByText('@dan')).toBeInTheDocument();
    expect(other.getByText('Starting price only')).toBeInTheDocument();
    expect(other.getByText('No description')).toBeInTheDocument();
    expect(other.getByText('2 days ago')).toBeInTheDocument();
    // Waiting for the artist's answer: not the buyer's turn.
    expect(screen.queryByText(/Your turn/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Waiting for you' })).toBeNull();
  });

  it("every picture in the rows has a text alternative; the artist's name beside it is read once", async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/comissionforms/outgoing': () => ({ status: 200, body: forms }),
    });
    renderRoutes(routes, '/crm/outgoing/orders');
    await screen.findByRole('list', { name: 'Pending orders' });
    // The artists' avatars are pictures (axe image-alt): each <img> carries an alt, empty here
    // because "to Ann @ann" is written right after it.
    const pictures = [...document.querySelectorAll('img')];
    expect(pictures.length).toBeGreaterThan(0);
    for (const img of pictures) expect(img.getAttribute('alt')).toBe('');
    expect(screen.queryAllByRole('img', { name: /avatar/ })).toEqual([]);
  });
});
