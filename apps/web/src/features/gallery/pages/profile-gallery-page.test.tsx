import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Folder, FolderContent, GalleryImage, UserFolders } from '@brushline/shared/gallery/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { annMe } from '../../users/test/user-fixtures.ts';
import { folderFixture } from '../test/gallery-fixtures.ts';
import { ProfileGalleryPage } from './profile-gallery-page.tsx';

const folder = (n: number, folderName: string): Folder =>
  folderFixture({ id: `00000000-0000-4000-8000-00000000010${n}`, folderName, ownerID: annMe.id });
const sketches = folder(1, 'Sketches');
const portraits = folder(2, 'Portraits');
const gallery: UserFolders = {
  owner: { id: annMe.id, login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null },
  folders: [sketches, portraits],
  unsorted: [],
  images: [],
};

/** dnd-kit measures its items: lay the folder tiles out side by side, 200 px apart. */
const realRect = HTMLElement.prototype.getBoundingClientRect;
const rect = (x: number, y: number, width: number, height: number): DOMRect => ({
  x,
  y,
  left: x,
  top: y,
  width,
  height,
  right: x + width,
  bottom: y + height,
  toJSON: () => ({}),
});
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const items = [...document.querySelectorAll('[data-sortable-item]')];
    const i = items.indexOf(this);
    return i >= 0 ? rect(i * 200, 0, 180, 180) : rect(0, 0, 0, 0);
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

const signedIn = { 'GET /api/sessioncheck': () => ({ status: 200, body: annMe }) };
const render = () =>
  renderRoutes([page('/profile/:login/gallery', <ProfileGalleryPage />)], '/profile/ann/gallery');
const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]');

/** Lifts a folder by its handle, moves it one place right and drops it, from the keyboard. */
async function moveRight(name: string) {
  const handle = await screen.findByRole('button', { name: `Move ${name}` });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  // Lifted: announced, then where it is now.
  await waitFor(() =>
    expect(liveRegion()).toHaveTextContent(new RegExp(`Picked up ${name}\\.|${name} is at position 1\\.`)),
  );
  fireEvent.keyDown(handle, { code: 'ArrowRight', key: 'ArrowRight' });
  await waitFor(() => expect(liveRegion()).toHaveTextContent(`${name} is at position 2.`));
  fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
  await waitFor(() => expect(liveRegion()).toHaveTextContent(`${name} dropped at position 2.`));
}

const tileNames = () => screen.getAllByRole('link', { name: /Sketches|Portraits/ }).map((a) => a.textContent);

describe('profile gallery: folders', () => {
  it('the owner reorders folders from the keyboard, and the new order is saved', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/folders/user/ann': () => ({ status: 200, body: gallery }),
      'PATCH /api/folders/order': (body) => ({
        status: 200,
        body: { childFolders: (body as { childFolders: string[] }).childFolders, message: 'Order saved' },
      }),
    });
    render();
    await moveRight('Sketches');
    await waitFor(() => expect(calls.filter((c) => c.key === 'PATCH /api/folders/order')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'PATCH /api/folders/order')!.body).toEqual({
      parentId: null,
      childFolders: [portraits.id, sketches.id],
    });
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
  });

  it('a refused order goes back to the old one and says why', async () => {
    const refusal = 'The new order must list every folder here exactly once. Refresh and try again';
    stubFetch({
      ...signedIn,
      'GET /api/folders/user/ann': () => ({ status: 200, body: gallery }),
      'PATCH /api/folders/order': () => ({
        status: 409,
        body: { error: { code: 'order_mismatch', message: refusal } },
      }),
    });
    render();
    await moveRight('Sketches');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(tileNames()).toEqual(['Sketches', 'Portraits']));
  });

  it('a visitor opens folders by their tiles and has nothing to move or edit', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'x' } },
      }),
      'GET /api/folders/user/ann': () => ({ status: 200, body: gallery }),
    });
    render();
    const tile = await screen.findByRole('link', { name: /Sketches/ });
    expect(tile).toHaveAttribute('href', `/profile/ann/gallery?folder=${sketches.id}`);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();
  });

  it('says when the gallery cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      ...signedIn,
      'GET /api/folders/user/ann': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: gallery },
    });
    const { user } = render();
    expect(await screen.findByText("Couldn't load the gallery")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('link', { name: /Portraits/ })).toBeInTheDocument();
  });
});

describe('profile gallery: the owner’s images', () => {
  it('say the privacy that applies: an image in a Private folder is "Private by folder"', async () => {
    const privateFolder: Folder = { ...sketches, privacy: 'Private', effectivePrivacy: 'Private' };
    const id = '00000000-0000-4000-8000-000000000401';
    const study = {
      id,
      media: { id, miniatureUrl: '/m.webp', url: '/f.webp', width: 800, height: 600, mime: 'image/webp' },
      title: 'Wolf studies',
      privacy: 'Public',
      effectivePrivacy: 'Private',
      folderId: privateFolder.id,
      tags: [],
      owner: gallery.owner,
      blurred: false,
      aiLabel: null,
      hiddenByStaff: null,
      createdAt: new Date().toISOString(),
    } as unknown as GalleryImage;
    const content: FolderContent = {
      folder: privateFolder,
      owner: gallery.owner,
      children: [],
      images: [study],
      path: [{ id: privateFolder.id, folderName: privateFolder.folderName }],
    };
    stubFetch({
      ...signedIn,
      'GET /api/folders/user/ann': () => ({ status: 200, body: { ...gallery, folders: [privateFolder] } }),
      [`GET /api/folder/${privateFolder.id}`]: () => ({ status: 200, body: content }),
    });
    renderRoutes(
      [page('/profile/:login/gallery', <ProfileGalleryPage />)],
      `/profile/ann/gallery?folder=${privateFolder.id}`,
    );
    const edit = await screen.findByRole('button', { name: 'Edit Wolf studies' });
    const tile = edit.closest('[data-sortable-item]') as HTMLElement;
    expect(within(tile).getByText('Private by folder')).toBeInTheDocument();
    expect(within(tile).queryByText('Public')).not.toBeInTheDocument();
  });
});
