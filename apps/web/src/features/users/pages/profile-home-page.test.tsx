import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ProfileHomePage } from './profile-home-page.tsx';
import { annMe, link, publicUser, reputationFixture } from '../test/user-fixtures.ts';

const uploadMedia = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload-media.ts', () => ({ uploadMedia }));

const routes = [page('/profile/:login/home', <ProfileHomePage />)];
const longUrl = 'https://www.deviantart.com/ann-paints-very-long-dragons';
const ann = publicUser(annMe, {
  badges: ['verified', 'artist', 'alpha'],
  isOnline: true,
  connectedSocials: [link(1, 'Dragons', longUrl, 'deviantart')],
  userProfileStore: {
    profilePicture: { path: '/api/media/a/full', miniaturePath: '/api/media/a/miniature' },
    bannerPicture: { path: '/api/media/b/full', miniaturePath: '/api/media/b/miniature' },
  },
});

describe('profile home', () => {
  it('shows names, badges, presence and social chips that open safely in a new tab', async () => {
    stubFetch({ 'GET /api/user/ann': () => ({ status: 200, body: ann }) });
    renderRoutes(routes, '/profile/ann/home');
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByText('@ann')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    const badges = within(screen.getByLabelText('Badges'));
    expect(badges.getByText('Verified')).toBeInTheDocument();
    expect(badges.getByText('Alpha')).toBeInTheDocument();
    const chip = within(screen.getByRole('list', { name: 'Social links' })).getByRole('link');
    expect(chip).toHaveAttribute('href', longUrl);
    expect(chip).toHaveAttribute('target', '_blank');
    expect(chip).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(chip).toHaveTextContent(`${longUrl.slice(0, 32)}…`);
    // Not the owner: no editing.
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it('lets the owner rename themselves with PATCH user/profile', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/ann': () => ({ status: 200, body: publicUser(annMe) }),
      'PATCH /api/user/profile': () => ({ status: 200, body: { ...annMe, displayName: 'Ann the Painter' } }),
    });
    const { user } = renderRoutes(routes, '/profile/ann/home');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    expect(within(dialog).getByText(/Cropped to a square/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Cropped to a 3:1 strip/)).toBeInTheDocument();
    const name = within(dialog).getByLabelText(/Display name/);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await within(dialog).findByText('Please enter a display name')).toBeInTheDocument();
    await user.type(name, 'Ann the Painter');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('heading', { name: 'Ann the Painter' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PATCH /api/user/profile')?.body).toEqual({
      displayName: 'Ann the Painter',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uploads a new avatar for purpose avatar, previews it and saves its id', async () => {
    const mediaId = '0b7c9a52-2222-4222-8222-222222222222';
    uploadMedia.mockImplementation((_file: File, _purpose: string, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return Promise.resolve({ id: mediaId, url: `/api/media/${mediaId}/full`, miniatureUrl: 'm' });
    });
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/ann': () => ({ status: 200, body: publicUser(annMe) }),
      'PATCH /api/user/profile': () => ({ status: 200, body: annMe }),
    });
    const { user } = renderRoutes(routes, '/profile/ann/home');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(inputs[0]!, file);
    expect(await within(dialog).findByAltText('Avatar preview')).toHaveAttribute(
      'src',
      `/api/media/${mediaId}/full`,
    );
    expect(uploadMedia).toHaveBeenCalledWith(file, 'avatar', expect.any(Function), expect.any(AbortSignal));
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/user/profile')?.body).toEqual({
        avatarMediaId: mediaId,
      }),
    );
  });

  it('shows a friendly 404 for an unknown login', async () => {
    stubFetch({
      'GET /api/user/nobody': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'User not found' } },
      }),
    });
    renderRoutes(routes, '/profile/nobody/home');
    expect(await screen.findByText('This user does not exist')).toBeInTheDocument();
  });

  it('points its owner, with no posts or links yet, to where they are added', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/ann': () => ({ status: 200, body: publicUser(annMe) }),
      'GET /api/posts/filter': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderRoutes(routes, '/profile/ann/home');
    expect(await screen.findByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/feed',
    );
    expect(screen.getByRole('link', { name: 'Add your gallery or shop' })).toHaveAttribute(
      'href',
      '/settings/socials',
    );
  });

  it('tells a visitor plainly that there is nothing yet, with no owner prompts', async () => {
    stubFetch({
      'GET /api/user/ann': () => ({ status: 200, body: publicUser(annMe) }),
      'GET /api/posts/filter': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderRoutes(routes, '/profile/ann/home');
    expect(await screen.findByText('No posts to show yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write your first post' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add your gallery or shop' })).toBeNull();
  });

  it('says the profile could not load, with a retry that works', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/user/ann': () =>
        (calls += 1) === 1
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The server is busy' } } }
          : { status: 200, body: publicUser(annMe) },
    });
    const { user } = renderRoutes(routes, '/profile/ann/home');
    expect(await screen.findByText('Could not load this profile')).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeInTheDocument();
  });

  it('shows an artist’s record in the header, and nobody else’s', async () => {
    const record = reputationFixture({ rating: { average: 4.8, count: 9 }, ordersDone: 11, onTimeShare: 1 });
    stubFetch({
      'GET /api/user/ann': () => ({ status: 200, body: publicUser(annMe) }),
      'GET /api/reputation/ann': () => ({ status: 200, body: record }),
      'GET /api/user/bob': () => ({
        status: 200,
        body: publicUser({ ...annMe, displayName: 'Bob', displayLogin: 'bob', roles: [], badges: [] }),
      }),
      'GET /api/reputation/bob': () => ({ status: 200, body: record }),
    });
    const artist = renderRoutes(routes, '/profile/ann/home');
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeInTheDocument();
    // Waited for with the profile, so it does not push the page down when it comes.
    const line = within(screen.getByRole('list', { name: 'Record as an artist' }));
    expect(line.getByRole('link', { name: 'Rated 4.8 of 5 from 9 reviews' })).toHaveAttribute(
      'href',
      '/profile/ann/reviews',
    );
    expect(line.getByText('11 orders completed')).toBeInTheDocument();
    expect(line.getByText('100% delivered on time')).toBeInTheDocument();
    expect(line.queryByText(/Usually answers/)).toBeNull();
    artist.unmount();

    renderRoutes(routes, '/profile/bob/home');
    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Record as an artist' })).toBeNull();
  });
});
