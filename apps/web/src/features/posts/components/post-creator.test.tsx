import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_TEXT_MAX } from '@brushline/shared/posts/constants';
import { postTextTooLong } from '@brushline/shared/posts/messages';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { feedRoutes } from '../routes.tsx';
import { ownPost, pageOf, signedIn, stubDocumentFonts } from '../test/post-fixtures.ts';

beforeAll(stubDocumentFonts);

const creator = async () => within(await screen.findByRole('region', { name: 'New post' }));

describe('post creator', () => {
  it('counts characters live and refuses more than 1200', async () => {
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }),
    });
    const { user } = renderRoutes(feedRoutes, '/feed');
    const form = await creator();
    const text = form.getByLabelText('New post');
    const post = form.getByRole('button', { name: 'Post' });
    expect(form.getByText(`0/${POST_TEXT_MAX}`)).toBeInTheDocument();
    expect(post).toBeDisabled();

    await user.type(text, 'Hello');
    expect(form.getByText(`5/${POST_TEXT_MAX}`)).toBeInTheDocument();
    expect(post).toBeEnabled();

    fireEvent.change(text, { target: { value: 'a'.repeat(POST_TEXT_MAX + 1) } });
    expect(form.getByText(`${POST_TEXT_MAX + 1}/${POST_TEXT_MAX}`)).toBeInTheDocument();
    expect(form.getByText(postTextTooLong)).toBeInTheDocument();
    expect(post).toBeDisabled();

    fireEvent.change(text, { target: { value: 'a'.repeat(POST_TEXT_MAX) } });
    expect(form.getByText(`${POST_TEXT_MAX}/${POST_TEXT_MAX}`)).toBeInTheDocument();
    expect(form.queryByText(postTextTooLong)).not.toBeInTheDocument();
    expect(post).toBeEnabled();

    fireEvent.change(text, { target: { value: '  \n ' } });
    expect(post).toBeDisabled();
  });

  it('posts text with the chosen maturity, then clears the form and refreshes the feed', async () => {
    let feedCalls = 0;
    const calls = stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => {
        feedCalls += 1;
        return {
          status: 200,
          body: pageOf(feedCalls > 1 ? [ownPost(1, { postContent: 'Line one\nline two' })] : []),
        };
      },
      'POST /api/post': () => ({ status: 200, body: ownPost(1) }),
    });
    const { user } = renderRoutes(feedRoutes, '/feed');
    const form = await creator();
    await user.type(form.getByLabelText('New post'), 'Line one{Shift>}{Enter}{/Shift}line two');
    await user.click(form.getByText('NSFW'));
    await user.click(form.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(form.getByLabelText('New post')).toHaveValue(''));
    expect(calls.find((c) => c.key === 'POST /api/post')?.body).toEqual({
      postContent: 'Line one\nline two',
      attachedMedia: [],
      maturity: 'nsfw',
      aiLabel: null,
    });
    expect(await screen.findByRole('article', { name: 'Post by Ann' })).toHaveTextContent('Line one');
    expect(form.getByRole('radio', { name: 'SFW' })).toBeChecked();
  });

  it('sends the chosen AI label, then starts the next post from "None"', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }),
      'POST /api/post': () => ({ status: 200, body: ownPost(1, { aiLabel: 'generated' }) }),
    });
    const { user } = renderRoutes(feedRoutes, '/feed');
    const form = await creator();
    const label = form.getByRole('combobox', { name: 'AI label' });
    expect(label).toHaveValue('');
    expect(form.getByRole('link', { name: /What the labels mean/ })).toHaveAttribute('href', '/terms#ai');
    await user.type(form.getByLabelText('New post'), 'Moon study');
    await user.selectOptions(label, 'AI-generated');
    await user.click(form.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(form.getByLabelText('New post')).toHaveValue(''));
    expect(calls.find((c) => c.key === 'POST /api/post')?.body).toMatchObject({
      postContent: 'Moon study',
      aiLabel: 'generated',
    });
    expect(label).toHaveValue('');
  });

  it('shows the server’s refusal and keeps what was written', async () => {
    stubFetch({
      'GET /api/sessioncheck': signedIn,
      'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }),
      'POST /api/post': () => ({
        status: 400,
        body: { error: { code: 'validation_error', message: 'Write something or attach an image' } },
      }),
    });
    const { user } = renderRoutes(feedRoutes, '/feed');
    const form = await creator();
    await user.type(form.getByLabelText('New post'), 'Keep me');
    await user.click(form.getByRole('button', { name: 'Post' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Write something or attach an image');
    expect(form.getByLabelText('New post')).toHaveValue('Keep me');
  });

  it('anonymous visitors get a sign-in prompt instead', async () => {
    stubFetch({ 'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }) });
    renderRoutes(feedRoutes, '/feed');
    expect(await screen.findByRole('link', { name: 'Sign in to post' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('region', { name: 'New post' })).not.toBeInTheDocument();
  });
});
