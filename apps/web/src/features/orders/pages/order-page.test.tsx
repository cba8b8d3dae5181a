import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { OrderPage as OrderPageData, OrderUpdate } from '@brushline/shared/orders/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, buyerMe, makeForm } from '../test/order-fixtures.ts';
import { OrderPage } from './order-page.tsx';

const routes = [page('/order/:id', <OrderPage />)];
const author = { id: artistMe.id, login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null };
const file = (n: number, width: number, height: number) => ({
  id: `0b7e3c1a-4444-4444-8444-44444444444${n}`,
  width,
  height,
  mime: 'image/webp',
  url: `/api/order/4/files/f${n}/full`,
  miniatureUrl: `/api/order/4/files/f${n}/miniature`,
  downloadUrl: `/api/order/4/files/f${n}/download`,
  fileName: `order-4-delivery-9-${n}.webp`,
});
const delivery: OrderUpdate = {
  id: 9,
  kind: 'delivery',
  message: 'Here you go',
  files: [file(1, 2400, 1600), file(2, 800, 800)],
  revision: 0,
  author,
  createdAt: '2026-01-05T00:00:00.000Z',
  approvedAt: null,
  comments: [],
};

afterEach(() => vi.restoreAllMocks());

describe('the order page', () => {
  it('shows the buyer every delivered file, full size in a viewer, with a named download', async () => {
    const data: OrderPageData = { form: makeForm(4, 'finished'), updates: [delivery], deadline: null };
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/order/4': () => ({ status: 200, body: data }),
    });
    const { user } = renderRoutes(routes, '/order/4');
    const item = within(await screen.findByRole('listitem', { name: 'Delivery' }));
    expect(item.getByText('Here you go')).toBeInTheDocument();
    // The order's number tells its tab apart from other orders of the same card and from the card's order form.
    await waitFor(() => expect(document.title).toBe(`Order #4: ${data.form.cardTitle} · Brushline`));
    expect(item.getByRole('link', { name: 'Download order-4-delivery-9-2.webp' })).toHaveAttribute(
      'href',
      '/api/order/4/files/f2/download',
    );
    expect(screen.getByText('2 revisions included')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();

    await user.click(item.getByRole('button', { name: 'View delivery file 1 at full size' }));
    const viewer = within(await screen.findByRole('dialog', { name: 'Delivery, file 1' }));
    expect(viewer.getByText('2400 × 1600 px, full size')).toBeInTheDocument();
    // The full variant, drawn at its own pixel size: never scaled down to fit.
    const img = viewer.getByTestId('full-size-image');
    expect(img).toHaveAttribute('src', '/api/order/4/files/f1/full');
    expect(img.style.width).toBe('2400px');
  });

  it('shows references, work in progress and deliveries whole: a portrait is not cropped to a square', async () => {
    const reference = {
      id: '0b7e3c1a-5555-4555-8555-555555555555',
      url: '/api/media/ref/full',
      miniatureUrl: '/api/media/ref/miniature',
      width: 1200,
      height: 1600,
      mime: 'image/webp',
      purpose: 'reference' as const,
    };
    const wip: OrderUpdate = { ...delivery, id: 8, kind: 'wip', files: [file(3, 1200, 1600)] };
    const data: OrderPageData = {
      form: makeForm(4, 'finished', { references: [reference] }),
      updates: [wip, delivery],
      deadline: null,
    };
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/order/4': () => ({ status: 200, body: data }),
    });
    renderRoutes(routes, '/order/4');
    await screen.findByRole('listitem', { name: 'Work in progress' });
    // People's avatars (miniatures too) are not the work.
    const thumbnails = [...document.querySelectorAll('img')].filter(
      (img) => img.getAttribute('src')?.endsWith('/miniature') && !img.closest('.mantine-Avatar-root'),
    );
    // The reference, the WIP's file and the delivery's two.
    expect(thumbnails).toHaveLength(4);
    for (const img of thumbnails) {
      expect(img.style.objectFit).toBe('contain');
    }
  });

  it('says "revision 2 of 2" and warns beyond the included revisions', async () => {
    const form = makeForm(4, 'processing', {
      task: { ...makeForm(4, 'processing').task, revision: 3, comment: 'Again' },
    });
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/order/4': () => ({ status: 200, body: { form, updates: [], deadline: null } }),
    });
    renderRoutes(routes, '/order/4');
    expect(await screen.findByText('revision 3 (2 included)')).toBeInTheDocument();
    expect(screen.getByText(/Beyond the revisions included in the price/)).toBeInTheDocument();
    expect(screen.getByText(/Nothing delivered yet/)).toBeInTheDocument();
  });

  it('lets the artist deliver only with files, and share work in progress', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/order/4': () => ({
        status: 200,
        body: { form: makeForm(4, 'processing'), updates: [], deadline: null },
      }),
    });
    const { user } = renderRoutes(routes, '/order/4');
    expect(await screen.findByRole('button', { name: 'Share work in progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deliver the finished work' }));
    await user.click(dialog.getByRole('button', { name: 'Deliver' }));
    expect(await dialog.findByText(orderMessages.deliveryNeedsFiles)).toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('/deliver'))).toBe(false);
  });

  it('lets the commissioner answer a work in progress: "Looks good" once, and a comment under it', async () => {
    const wip: OrderUpdate = {
      ...delivery,
      id: 8,
      kind: 'wip',
      message: 'Sketch',
      files: [file(3, 800, 600)],
    };
    let page: OrderPageData = { form: makeForm(4, 'processing'), updates: [wip], deadline: null };
    const buyer = { id: buyerMe.id, login: 'bob', displayName: 'Bob', avatarMiniatureUrl: null };
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/order/4': () => ({ status: 200, body: page }),
      'PUT /api/order/4/updates/8/looks-good': () => {
        page = { ...page, updates: [{ ...wip, approvedAt: '2026-01-06T00:00:00.000Z' }] };
        return { status: 200, body: page };
      },
      'POST /api/order/4/updates/8/comments': (body) => {
        const { message } = body as { message: string };
        const [u] = page.updates;
        const comment = { id: 1, message, author: buyer, createdAt: '2026-01-06T01:00:00.000Z' };
        page = { ...page, updates: [{ ...u!, comments: [comment] }] };
        return { status: 200, body: page };
      },
    });
    const { user } = renderRoutes(routes, '/order/4');
    const item = within(await screen.findByRole('listitem', { name: 'Work in progress' }));
    await user.click(item.getByRole('button', { name: 'Looks good' }));
    expect(await screen.findByText(orderMessages.wipLooksGood)).toBeInTheDocument();
    expect(await item.findByText(/You told the artist/)).toBeInTheDocument();
    // Said once: the button goes, the mark stays.
    expect(item.queryByRole('button', { name: 'Looks good' })).not.toBeInTheDocument();

    await user.click(item.getByRole('button', { name: 'Comment' }));
    const box = item.getByLabelText('Your comment on this work in progress');
    expect(box).toHaveFocus();
    await user.click(item.getByRole('button', { name: 'Send comment' }));
    expect(await item.findByText(orderMessages.wipCommentRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/comments'))).toBe(false);

    await user.type(box, 'Love the pose');
    await user.click(item.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText(orderMessages.wipCommentSent)).toBeInTheDocument();
    const comments = within(await item.findByRole('list', { name: 'Comments on this work in progress' }));
    expect(comments.getByText('Love the pose')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/4/updates/8/comments')?.body).toEqual({
      message: 'Love the pose',
    });
    expect(item.queryByLabelText('Your comment on this work in progress')).not.toBeInTheDocument();
  });

  it('shows the artist the answers to their work in progress, without the buttons', async () => {
    const buyer = { id: buyerMe.id, login: 'bob', displayName: 'Bob', avatarMiniatureUrl: null };
    const wip: OrderUpdate = {
      ...delivery,
      id: 8,
      kind: 'wip',
      files: [file(3, 800, 600)],
      approvedAt: '2026-01-06T00:00:00.000Z',
      comments: [{ id: 1, message: 'Bigger hat?', author: buyer, createdAt: '2026-01-06T01:00:00.000Z' }],
    };
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/order/4': () => ({
        status: 200,
        body: { form: makeForm(4, 'processing'), updates: [wip], deadline: null },
      }),
    });
    renderRoutes(routes, '/order/4');
    const item = within(await screen.findByRole('listitem', { name: 'Work in progress' }));
    expect(item.getByText(/The commissioner said so/)).toBeInTheDocument();
    expect(item.getByText('Bigger hat?')).toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'Looks good' })).not.toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('tells anyone else the order does not exist', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/order/4': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: orderMessages.formNotFound } },
      }),
    });
    renderRoutes(routes, '/order/4');
    await waitFor(() => expect(screen.getByText(orderMessages.formNotFound)).toBeInTheDocument());
  });
});
