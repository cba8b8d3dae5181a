import { screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_MIME_TYPES } from '@brushline/shared/media/constants';
import { page, renderRoutes } from '../test/render.tsx';
import { ImageDropzone, type FileRejection } from './image-dropzone.tsx';

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

function renderDropzone(props: Partial<Parameters<typeof ImageDropzone>[0]> = {}) {
  const onDrop = vi.fn<(files: File[]) => void>();
  const onReject = vi.fn<(rejections: FileRejection[]) => void>();
  const onDropAny = vi.fn<(files: File[], rejections: FileRejection[]) => void>();
  const view = renderRoutes(
    [
      page(
        '/',
        <ImageDropzone
          accept={[...IMAGE_MIME_TYPES]}
          onDrop={onDrop}
          onReject={onReject}
          onDropAny={onDropAny}
          aria-label="Add images"
          {...props}
        >
          <span>Drop images here or click to choose</span>
        </ImageDropzone>,
      ),
    ],
    '/',
  );
  return { ...view, onDrop, onReject, onDropAny };
}

const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('ImageDropzone', () => {
  it('hands chosen images on and says which files were left out and why', async () => {
    const { user, onDrop, onReject, onDropAny } = renderDropzone({ maxSize: 100 });
    expect(await screen.findByText('Drop images here or click to choose')).toBeInTheDocument();
    expect(screen.getByLabelText('Add images')).toHaveAttribute('tabindex', '0');
    expect(input()).toHaveAttribute('accept', IMAGE_MIME_TYPES.join(','));

    const cat = file('cat.png', 'image/png');
    const notes = file('notes.txt', 'text/plain');
    const huge = file('huge.jpg', 'image/jpeg', 101);
    // The browser's picker would hide the text file; a drop would not, so let it through.
    await user.setup({ applyAccept: false }).upload(input(), [cat, notes, huge]);

    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect(onDrop.mock.calls[0]![0]).toEqual([cat]);
    const rejected = onReject.mock.calls[0]![0];
    expect(rejected.map((r) => [r.file.name, r.errors.map((e) => e.code)])).toEqual([
      ['notes.txt', ['file-invalid-type']],
      ['huge.jpg', ['file-too-large']],
    ]);
    // Both at once too, for one message about a mixed drop.
    expect(onDropAny).toHaveBeenCalledTimes(1);
    expect(onDropAny.mock.calls[0]![0]).toEqual([cat]);
    expect(onDropAny.mock.calls[0]![1]).toHaveLength(2);
  });

  it('opens the picker from elsewhere, and stays out of the tab order when asked', async () => {
    const openRef = createRef<() => void>();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    renderDropzone({ openRef, activateOnKeyboard: false });
    await screen.findByText('Drop images here or click to choose');
    expect(screen.getByLabelText('Add images')).not.toHaveAttribute('tabindex');
    openRef.current!();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('takes nothing while disabled', async () => {
    const { user, onDrop } = renderDropzone({ disabled: true });
    const box = await screen.findByLabelText('Add images');
    expect(box).toHaveAttribute('data-disabled', 'true');
    await user.upload(input(), [file('cat.png', 'image/png')]);
    expect(onDrop).not.toHaveBeenCalled();
  });
});
