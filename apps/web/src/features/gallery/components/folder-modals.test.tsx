import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { folderFixture } from '../test/gallery-fixtures.ts';
import { DeleteFolderModal, FolderModal } from './folder-modals.tsx';

const folderId = '00000000-0000-4000-8000-000000000301';
const folder = folderFixture({
  id: folderId,
  folderName: 'Sketchbook',
  privacy: 'Private',
  effectivePrivacy: 'Private',
  ownerID: '00000000-0000-4000-8000-000000000001',
});

/** The dialog over a page, with the answers of DELETE folder/delete recorded with their `images` choice. */
function setup(
  answer: { status: number; body: unknown } = { status: 200, body: { message: 'Folder deleted' } },
) {
  const modes: (string | null)[] = [];
  stubFetch({
    [`DELETE /api/folder/delete/${folderId}`]: (_body, url) => {
      modes.push(url.searchParams.get('images'));
      return answer;
    },
  });
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const view = renderRoutes(
    [page('/', <DeleteFolderModal folder={folder} onClose={onClose} onDeleted={onDeleted} />)],
    '/',
  );
  return { ...view, modes, onClose, onDeleted };
}

const dialog = () => screen.findByRole('dialog', { name: 'Delete “Sketchbook”?' });

describe('delete folder dialog', () => {
  it('keeps the images by default: they move one level up', async () => {
    const { user, modes, onDeleted } = setup();
    const d = await dialog();
    expect(within(d).getByRole('radio', { name: /Keep them/ })).toBeChecked();
    expect(within(d).getByText('They move one level up (out of folders at the top)')).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(modes).toEqual(['keep']);
    expect(await screen.findByText('Folder deleted')).toBeInTheDocument();
  });

  it('deletes the images too only when that is chosen', async () => {
    const { user, modes, onDeleted } = setup();
    const d = await dialog();
    await user.click(within(d).getByRole('radio', { name: /Delete them too/ }));
    expect(within(d).getByText('Every image inside is deleted for good')).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(modes).toEqual(['delete']);
  });

  it('Cancel closes it and deletes nothing', async () => {
    const { user, modes, onClose, onDeleted } = setup();
    const d = await dialog();
    await user.click(within(d).getByRole('radio', { name: /Delete them too/ }));
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(modes).toEqual([]);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a refusal is said, and the folder is not taken for deleted', async () => {
    const { user, onDeleted } = setup({
      status: 404,
      body: { error: { code: 'not_found', message: 'This folder does not exist or is not yours' } },
    });
    await user.click(within(await dialog()).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('This folder does not exist or is not yours')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe('folder dialog', () => {
  it('creates a folder with its name, icon and privacy where it was opened', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'POST /api/folder/create': (body) => {
        sent.push(body);
        return {
          status: 200,
          body: { folder: { ...folder, folderName: 'Studies' }, message: 'Folder created' },
        };
      },
    });
    const onClose = vi.fn();
    const { user } = renderRoutes(
      [page('/', <FolderModal folder={null} folders={[folder]} parentId={folderId} onClose={onClose} />)],
      '/',
    );
    const d = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(d).getByRole('textbox', { name: /Name/ }), 'Studies');
    await user.type(within(d).getByRole('textbox', { name: /Icon/ }), '🦊');
    await user.click(within(d).getByRole('radio', { name: /Hidden/ }));
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      { folderName: 'Studies', customIcon: '🦊', privacy: 'Hidden', allowedUserList: [], parentId: folderId },
    ]);
    expect(await screen.findByText('Folder created')).toBeInTheDocument();
  });

  it('edits a folder starting from what it is', async () => {
    stubFetch({});
    renderRoutes(
      [
        page(
          '/',
          <FolderModal
            folder={{ ...folder, customIcon: '✏️' }}
            folders={[folder]}
            parentId={null}
            onClose={vi.fn()}
          />,
        ),
      ],
      '/',
    );
    const d = await screen.findByRole('dialog', { name: 'Edit folder' });
    expect(within(d).getByRole('textbox', { name: /Name/ })).toHaveValue('Sketchbook');
    expect(within(d).getByRole('textbox', { name: /Icon/ })).toHaveValue('✏️');
    expect(within(d).getByRole('radio', { name: /Private/ })).toBeChecked();
  });
});
