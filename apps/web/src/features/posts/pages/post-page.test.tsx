import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { feedRoutes } from '../routes.tsx';
import { makePost, ownPost, signedIn, stubDocumentFonts } from '../test/post-fixtures.ts';

beforeAll(stubDocumentFonts);
const routes = [...feedRoutes, page('/login', <p>login page</p>)];
const missing = { status: 404, body: { error: { code: 'not_found', message: messages.postMissing } } };

describe('/post/{id}', () => {
  it('shows the post with the feed’s card under a heading naming its author', async () => {
    const calls = stubFetch({
      'GET /api/post/7': () => ({ status: 200, body: makePost(7, { postContent: 'Harbour at dusk' }) }),
    });
    renderRoutes(routes, '/post/7');
    const post = await screen.findByRole('article', { name: 'Post by Bob' });
    expect(within(post).getByText('Harbour at dusk')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post by Bob' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /api/post/7');
  });

  it('says so when the post is missing or hidden, with a way back to the feed', async () => {
    stubFetch({ 'GET /api/post/8': () => missing });
    renderRoutes(routes, '/post/8');
    expect(await screen.findByText(messages.postMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/feed');
  });

  it('asks nothing for an id that cannot name a post', async () => {
    const calls = stubFetch({});
    renderRoutes(routes, '/post/0x10');
    expect(await screen.findByText(messages.postMissing)).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /api/post'))).toEqual([]);
  });

  it('likes from the page, and shows the post gone once its author deletes it here', async () => {
    let deleted = false;
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/post/9': () => (deleted ? missing : { status: 200, body: ownPost(9, { totalLikes: 1 }) }),
      'PUT /api/post/like/9': () => ({ status: 200, body: { totalLikes: 2, likedByMe: true } }),
      'DELETE /api/post/delete/9': () => {
        deleted = true;
        return { status: 200, body: { message: messages.postDeleted } };
      },
    });
    const { user } = renderRoutes(routes, '/post/9');
    const post = within(await screen.findByRole('article', { name: 'Post by Ann' }));
    await user.click(post.getByRole('button', { name: 'Like (1 like)' }));
    expect(await post.findByRole('button', { name: 'Unlike (2 likes)' })).toBeInTheDocument();

    await user.click(post.getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText(messages.postMissing)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
  });
});
