import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GalleryPage as Page } from '@brushline/shared/gallery/browse-schemas';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { GalleryPage } from './gallery-page.tsx';

const image = (
  n: number,
  title: string,
  blurred = false,
  extra: Partial<GalleryImage> = {},
): GalleryImage => {
  const id = `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
  return {
    id,
    media: {
      id,
      miniatureUrl: `/m${n}.webp`,
      url: `/f${n}.webp`,
      width: 800,
      height: 600,
      mime: 'image/webp',
    },
    title,
    privacy: 'Public',
    effectivePrivacy: 'Public',
    folderId: null,
    tags: [],
    owner: { login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null, badges: [] },
    blurred,
    aiLabel: null,
    hiddenByStaff: null,
    createdAt: new Date().toISOString(),
    ...extra,
  } as unknown as GalleryImage;
};

const anonymous = {
  'GET /api/sessioncheck': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'x' } } }),
};
const render = (path = '/gallery') => renderRoutes([page('/gallery', <GalleryPage />)], path);
const titles = () => screen.getAllByRole('img').map((i) => i.getAttribute('alt'));

describe('/gallery', () => {
  it('shows the newest page, then the next one by its cursor on Load more', async () => {
    const cursors: (string | null)[] = [];
    stubFetch({
      ...anonymous,
      'GET /api/gallery': (_body, url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        const body: Page = cursor
          ? { items: [image(3, 'Harbour')], nextCursor: null }
          : { items: [image(1, 'Sleepy fox'), image(2, 'Cat knight')], nextCursor: 'c2' };
        return { status: 200, body };
      },
    });
    const { user } = render();
    expect(await screen.findByAltText('Sleepy fox')).toBeInTheDocument();
    expect(titles()).toEqual(['Sleepy fox', 'Cat knight']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByAltText('Harbour')).toBeInTheDocument();
    expect(titles()).toEqual(['Sleepy fox', 'Cat knight', 'Harbour']);
    expect(cursors).toEqual([null, 'c2']);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks the server for the tags in the URL and says what to change when nothing matches', async () => {
    const asked: (string | null)[] = [];
    stubFetch({
      ...anonymous,
      'GET /api/gallery': (_body, url) => {
        asked.push(url.searchParams.get('tags'));
        return { status: 200, body: { items: [], nextCursor: null } satisfies Page };
      },
    });
    render('/gallery?tags=fox,watercolor');
    expect(
      await screen.findByText('No public images carry these tags yet. Remove a tag to see more.'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['fox,watercolor']);
  });

  it('says when there are no public images at all', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/gallery': () => ({ status: 200, body: { items: [], nextCursor: null } satisfies Page }),
    });
    render();
    expect(await screen.findByText('No public images yet.')).toBeInTheDocument();
  });

  it('blurs an image carrying a tag the reader blurs until they reveal it', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/gallery': () => ({
        status: 200,
        body: { items: [image(4, 'Spooky', true)], nextCursor: null } satisfies Page,
      }),
    });
    const { user } = render();
    const open = await screen.findByRole('button', { name: 'Open Spooky' });
    expect(open).toBeDisabled();
    expect(within(open).getByAltText('Spooky')).toHaveStyle({ filter: 'blur(18px)' });
    await user.click(screen.getByRole('button', { name: /show/i }));
    expect(screen.getByRole('button', { name: 'Open Spooky' })).toBeEnabled();
  });

  it('says when the gallery cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      ...anonymous,
      'GET /api/gallery': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: { items: [image(1, 'Sleepy fox')], nextCursor: null } satisfies Page },
    });
    const { user } = render();
    expect(await screen.findByText("Couldn't load the gallery")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByAltText('Sleepy fox')).toBeInTheDocument();
  });

  it('labels AI work on its tile and in the viewer', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/gallery': () => ({
        status: 200,
        body: {
          items: [image(1, 'Moon', false, { aiLabel: 'generated' }), image(2, 'Sun')],
          nextCursor: null,
        },
      }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Open Moon, AI-generated' }));
    const viewer = within(await screen.findByRole('dialog'));
    expect(viewer.getByText('AI-generated')).toBeInTheDocument();
    await user.click(viewer.getByRole('button', { name: 'Next image' }));
    expect(viewer.queryByText('AI-generated')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Sun' })).toBeInTheDocument();
  });
});
