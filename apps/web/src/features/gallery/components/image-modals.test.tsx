import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ImageModal } from './image-modals.tsx';

const imageId = '00000000-0000-4000-8000-000000000011';
const image = {
  id: imageId,
  media: {
    id: imageId,
    miniatureUrl: '/m.webp',
    url: '/f.webp',
    width: 800,
    height: 600,
    mime: 'image/webp',
  },
  title: 'Sleepy fox',
  privacy: 'Public',
  effectivePrivacy: 'Public',
  folderId: null,
  tags: [],
  owner: { login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null, badges: [] },
  blurred: false,
  aiLabel: null,
  hiddenByStaff: null,
  createdAt: new Date().toISOString(),
} as unknown as GalleryImage;

describe('image dialog', () => {
  it('asks before deleting an image, and deletes only after the confirmation', async () => {
    const calls = stubFetch({
      [`DELETE /api/gallery/image/${imageId}`]: () => ({ status: 200, body: { message: 'Image deleted' } }),
    });
    const onClose = vi.fn();
    const { user } = renderRoutes(
      [page('/', <ImageModal image={image} folders={[]} folderId={null} onClose={onClose} />)],
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this image?' })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete image' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this image?' });
    await user.click(within(again).getByRole('button', { name: 'Delete image' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.key === `DELETE /api/gallery/image/${imageId}`)).toHaveLength(1);
  });

  it('edits the AI label (None removes it) and shows the owner why staff hid the image', async () => {
    const calls = stubFetch({
      [`PATCH /api/gallery/image/${imageId}`]: () => ({ status: 200, body: { message: 'Image updated' } }),
    });
    const onClose = vi.fn();
    const hidden = { ...image, aiLabel: 'generated', hiddenByStaff: 'Unlabelled AI work' } as GalleryImage;
    const { user } = renderRoutes(
      [page('/', <ImageModal image={hidden} folders={[]} folderId={null} onClose={onClose} />)],
      '/',
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit image' }));
    expect(dialog.getByText('Only you and staff can see this image')).toBeInTheDocument();
    expect(dialog.getByText('Hidden by staff: Unlabelled AI work')).toBeInTheDocument();
    const label = dialog.getByRole('combobox', { name: 'AI label' });
    expect(label).toHaveValue('generated');
    await user.selectOptions(label, 'None (made by hand)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toMatchObject({ aiLabel: null });
  });
});
