import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { usersRoutes } from '../routes.tsx';
import { annMe, link } from '../test/user-fixtures.ts';

const routes = [...usersRoutes, page('/login', <p>login page</p>)];
const art = link(7, 'Gallery', 'https://www.artstation.com/ann-the-painter-of-dragons', 'artstation');
const session = { 'GET /api/sessioncheck': () => ({ status: 200, body: annMe }) };

function stubSocials(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...session,
    'GET /api/user/socials/ann': () => ({ status: 200, body: [art] }),
    'GET /api/user/ann': () => ({ status: 200, body: annMe }),
    ...extra,
  });
}

const group = (name: string) => screen.findByRole('group', { name });
const mutations = (calls: { key: string }[]) => calls.filter((c) => !c.key.startsWith('GET '));

describe('socials editor', () => {
  it('lists saved links with the url cut at 32 characters', async () => {
    stubSocials();
    renderRoutes(routes, '/settings/socials');
    const row = await group('Gallery');
    expect(within(row).getByLabelText('Title')).toHaveValue('Gallery');
    const preview = within(row).getByRole('link', { name: `${art.url.slice(0, 32)}…` });
    expect(preview).toHaveAttribute('href', art.url);
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('creates a new row with POST add and shows "Social created"', async () => {
    const calls = stubSocials({
      'POST /api/user/socials/add': () => ({
        status: 200,
        body: { ...link(8, 'Shop', 'https://ko-fi.com/ann', 'kofi'), message: messages.socialCreated },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/socials');
    await group('Gallery');
    await user.click(screen.getByRole('button', { name: 'Add new social link' }));
    const row = await group('New social link');
    await user.type(within(row).getByLabelText('Title'), 'Shop');
    await user.type(within(row).getByLabelText('Link'), 'https://ko-fi.com/ann');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.socialCreated)).toBeInTheDocument();
    expect(mutations(calls)).toEqual([
      { key: 'POST /api/user/socials/add', body: { title: 'Shop', url: 'https://ko-fi.com/ann' } },
    ]);
    // Saved: the row now carries the stored title and saves by update from here on.
    expect(await group('Shop')).toBeInTheDocument();
  });

  it('saves an edited stored row with PATCH update and shows "Social updated"', async () => {
    const calls = stubSocials({
      'PATCH /api/user/socials/update/7': () => ({
        status: 200,
        body: { ...art, title: 'Portfolio', message: messages.socialUpdated },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/socials');
    const row = await group('Gallery');
    const save = within(row).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(within(row).getByLabelText('Title'));
    await user.type(within(row).getByLabelText('Title'), 'Portfolio');
    await user.click(save);
    expect(await screen.findByText(messages.socialUpdated)).toBeInTheDocument();
    expect(mutations(calls)).toEqual([
      { key: 'PATCH /api/user/socials/update/7', body: { title: 'Portfolio', url: art.url } },
    ]);
  });

  it('says "Couldn\'t update social" when the server refuses', async () => {
    stubSocials({
      'PATCH /api/user/socials/update/7': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: messages.socialUpdateFailed } },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/socials');
    const row = await group('Gallery');
    await user.type(within(row).getByLabelText('Title'), '!');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(messages.socialUpdateFailed)).length).toBeGreaterThan(0);
  });

  it('refuses an http:// link with "Enter a valid link" and sends nothing', async () => {
    const calls = stubSocials();
    const { user } = renderRoutes(routes, '/settings/socials');
    await group('Gallery');
    await user.click(screen.getByRole('button', { name: 'Add new social link' }));
    const row = await group('New social link');
    await user.type(within(row).getByLabelText('Title'), 'Blog');
    await user.type(within(row).getByLabelText('Link'), 'http://blog.example.org');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText(/^Enter a valid link\./)).toBeInTheDocument();
    expect(mutations(calls)).toEqual([]);
  });

  it('offers "Add https://" for www.artstation.com/me, changing the field only when asked', async () => {
    const calls = stubSocials({
      'POST /api/user/socials/add': () => ({
        status: 200,
        body: {
          ...link(8, 'Art', 'https://www.artstation.com/me', 'artstation'),
          message: messages.socialCreated,
        },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/socials');
    await group('Gallery');
    await user.click(screen.getByRole('button', { name: 'Add new social link' }));
    const row = await group('New social link');
    await user.type(within(row).getByLabelText('Title'), 'Art');
    const url = within(row).getByLabelText('Link');
    await user.type(url, 'www.artstation.com/me');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    // Refused as SPEC §5 says, with the fix offered beside the message; nothing sent or changed yet.
    expect(
      await within(row).findByText(/Enter a valid link\. Did you mean https:\/\/www\.artstation\.com\/me\?/),
    ).toBeInTheDocument();
    expect(url).toHaveValue('www.artstation.com/me');
    expect(mutations(calls)).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Add https://' }));
    expect(url).toHaveValue('https://www.artstation.com/me');
    expect(url).toHaveFocus();
    expect(within(row).queryByText(/Enter a valid link/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(mutations(calls)).toEqual([
        {
          key: 'POST /api/user/socials/add',
          body: { title: 'Art', url: 'https://www.artstation.com/me' },
        },
      ]),
    );
  });

  it('offers "Use https://" for an http:// link, and no fix for what is not a link', async () => {
    stubSocials();
    const { user } = renderRoutes(routes, '/settings/socials');
    await group('Gallery');
    await user.click(screen.getByRole('button', { name: 'Add new social link' }));
    const row = await group('New social link');
    const url = within(row).getByLabelText('Link');
    await user.type(url, 'http://blog.example.org');
    await user.tab();
    await user.click(await within(row).findByRole('button', { name: 'Use https://' }));
    expect(url).toHaveValue('https://blog.example.org');
    await user.clear(url);
    await user.type(url, 'my gallery');
    await user.tab();
    expect(await within(row).findByText(messages.socialInvalidLink)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /https:\/\// })).toBeNull();
  });

  it('removes an unsaved row locally without a request', async () => {
    const calls = stubSocials();
    const { user } = renderRoutes(routes, '/settings/socials');
    await group('Gallery');
    await user.click(screen.getByRole('button', { name: 'Add new social link' }));
    const row = await group('New social link');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'New social link' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mutations(calls)).toEqual([]);
  });

  it('asks before deleting a stored row, then sends DELETE', async () => {
    const calls = stubSocials({
      'DELETE /api/user/socials/delete/7': () => ({
        status: 200,
        body: { id: 7, message: 'Social deleted' },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/socials');
    const row = await group('Gallery');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(mutations(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Gallery' })).toBeNull());
    expect(mutations(calls).map((c) => c.key)).toEqual(['DELETE /api/user/socials/delete/7']);
  });
});
