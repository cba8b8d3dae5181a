import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { feedRoutes } from '../routes.tsx';
import {
  holdRequests,
  makePost,
  ownPost,
  pageOf,
  signedIn,
  stubDocumentFonts,
} from '../test/post-fixtures.ts';

beforeAll(stubDocumentFonts);
const routes = [...feedRoutes, page('/login', <p>login page</p>)];
const article = (name: string) => screen.findByRole('article', { name });

describe('like button', () => {
  it('shows the like at once, then the server’s count', async () => {
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(7, { totalLikes: 2 })]) }),
      // Two other people liked it meanwhile: the server's count wins once it answers.
      'PUT /api/post/like/7': () => ({ status: 200, body: { totalLikes: 5, likedByMe: true } }),
    });
    const release = holdRequests('PUT /api/post/like/7');
    const { user } = renderRoutes(routes, '/feed');
    const post = within(await article('Post by Bob'));
    await user.click(post.getByRole('button', { name: 'Like (2 likes)' }));

    // Optimistic: changed while the request is still held back.
    const liked = post.getByRole('button', { name: 'Unlike (3 likes)' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toHaveTextContent('3');
    release();
    expect(await post.findByRole('button', { name: 'Unlike (5 likes)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('rolls the like back with a toast when the server refuses', async () => {
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({
        status: 200,
        body: pageOf([makePost(8, { totalLikes: 1, likedByMe: true })]),
      }),
      'PUT /api/post/like/8': () => ({
        status: 500,
        body: { error: { code: 'internal_error', message: messages.serverError } },
      }),
    });
    const release = holdRequests('PUT /api/post/like/8');
    const { user } = renderRoutes(routes, '/feed');
    const post = within(await article('Post by Bob'));
    await user.click(post.getByRole('button', { name: 'Unlike (1 like)' }));
    expect(post.getByRole('button', { name: 'Like (0 likes)' })).toHaveAttribute('aria-pressed', 'false');
    release();
    expect(await screen.findByText(messages.serverError)).toBeInTheDocument();
    const back = post.getByRole('button', { name: 'Unlike (1 like)' });
    expect(back).toHaveAttribute('aria-pressed', 'true');
    expect(back).toHaveTextContent('1');
  });

  it('sends anonymous visitors to sign in', async () => {
    const calls = stubFetch({
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(9)]) }),
    });
    const { user, router } = renderRoutes(routes, '/feed');
    const post = within(await article('Post by Bob'));
    await user.click(post.getByRole('button', { name: 'Like (0 likes)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });
});

describe('delete', () => {
  it('asks first; keeping it sends nothing, confirming deletes it with the SPEC toast', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([ownPost(3), makePost(2)]) }),
      'DELETE /api/post/delete/3': () => ({ status: 200, body: { message: messages.postDeleted } }),
    });
    const { user } = renderRoutes(routes, '/feed');
    const mine = await article('Post by Ann');
    // Someone else's post offers no delete.
    expect(within(await article('Post by Bob')).queryByRole('button', { name: 'Delete post' })).toBeNull();

    await user.click(within(mine).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(within(mine).getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText(messages.postDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Post by Ann' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.key === 'DELETE /api/post/delete/3')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Post by Bob' })).toBeInTheDocument();
  });

  it('keeps the post and says so when the delete fails', async () => {
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([ownPost(4)]) }),
      'DELETE /api/post/delete/4': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: messages.postDeleteFailed } },
      }),
    });
    const { user } = renderRoutes(routes, '/feed');
    await user.click(within(await article('Post by Ann')).getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText(messages.postDeleteFailed)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post by Ann' })).toBeInTheDocument();
  });
});

describe('maturity', () => {
  it('labels questionable posts beside the time, where it never squeezes the author away', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({
        status: 200,
        body: pageOf([makePost(4, { maturity: 'questionable' }), makePost(3)]),
      }),
    });
    renderRoutes(routes, '/feed');
    const posts = await screen.findAllByRole('article', { name: 'Post by Bob' });
    expect(within(posts[0]!).getByText('Questionable')).toBeInTheDocument();
    expect(within(posts[1]!).queryByText('Questionable')).toBeNull();
  });

  it('shows the AI label beside the time; a post without one has none', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({
        status: 200,
        body: pageOf([makePost(6, { aiLabel: 'assisted' }), makePost(5)]),
      }),
    });
    renderRoutes(routes, '/feed');
    const posts = await screen.findAllByRole('article', { name: 'Post by Bob' });
    expect(within(posts[0]!).getByText('AI-assisted')).toBeInTheDocument();
    expect(within(posts[1]!).queryByText(/^AI-/)).toBeNull();
  });
});

const media = [1, 2, 3].map((n) => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  url: `/api/media/${n}/full`,
  miniatureUrl: `/api/media/${n}/miniature`,
  width: 640,
  height: 480,
  mime: 'image/png',
  purpose: 'post' as const,
}));

describe('images', () => {
  it('open in a viewer that moves with the arrow keys and closes with Escape', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(5, { attachedMedia: media })]) }),
    });
    const { user } = renderRoutes(routes, '/feed');
    await user.click(within(await article('Post by Bob')).getByRole('button', { name: 'Open image 2 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/media/2/full');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Image 3 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(await screen.findByRole('dialog', { name: 'Image 3 of 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('zoom in and back to fit, and open the original file', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(5, { attachedMedia: media })]) }),
    });
    const { user } = renderRoutes(routes, '/feed');
    await user.click(within(await article('Post by Bob')).getByRole('button', { name: 'Open image 2 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    const original = within(viewer).getByRole('link', { name: 'Open the original, 640 × 480, in a new tab' });
    expect(original).toHaveAttribute('href', '/api/media/2/full');
    expect(original).toHaveAttribute('target', '_blank');
    expect(within(viewer).getByLabelText('Zoom: fitted to the screen')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Fit to the screen' })).toBeDisabled();
    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    await waitFor(() =>
      expect(within(viewer).queryByLabelText('Zoom: fitted to the screen')).not.toBeInTheDocument(),
    );
    // Zoomed in, the arrow keys no longer turn the page (they belong to looking around).
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument();
    await user.keyboard('0');
    expect(await within(viewer).findByLabelText('Zoom: fitted to the screen')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Image 3 of 3' })).toBeInTheDocument();
  });

  it('move with a swipe on touch screens, and close with a named button', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(5, { attachedMedia: media })]) }),
    });
    const { user } = renderRoutes(routes, '/feed');
    await user.click(within(await article('Post by Bob')).getByRole('button', { name: 'Open image 1 of 3' }));
    await screen.findByRole('dialog', { name: 'Image 1 of 3' });
    // Each image is drawn anew (it starts fitted), so the swipe goes to the one shown now.
    const picture = () => within(screen.getByRole('dialog')).getByRole('img');
    // react-remove-scroll (inside the modal) reads changedTouches on every touch event too.
    const swipe = (from: [number, number], to: [number, number]) => {
      const start = [{ clientX: from[0], clientY: from[1] }];
      const end = [{ clientX: to[0], clientY: to[1] }];
      fireEvent.touchStart(picture(), { touches: start, changedTouches: start });
      fireEvent.touchEnd(picture(), { touches: [], changedTouches: end });
    };
    // A leftward swipe shows the next image; a mostly vertical one (scrolling) does nothing.
    swipe([300, 200], [120, 210]);
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument();
    swipe([200, 100], [260, 400]);
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument();
    swipe([100, 200], [300, 200]);
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
