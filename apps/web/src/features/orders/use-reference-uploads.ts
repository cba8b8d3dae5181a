import { useCallback, useEffect, useRef, useState } from 'react';
import { REFERENCES_MAX } from '@brushline/shared/orders/constants';
import type { MediaPurpose } from '@brushline/shared/media/constants';
import type { Media } from '@brushline/shared/media/schemas';
import { ApiError } from '../../lib/api-client.ts';
import { uploadMedia } from '../../lib/upload-media.ts';

/** One reference image of the form being written: uploading, uploaded or failed. */
export interface ReferenceItem {
  id: string;
  name: string;
  /** A local preview until the server's miniature is there. */
  previewUrl: string;
  progress: number;
  media: Media | null;
  error: string | null;
}

let counter = 0;

/**
 * The images of one form being written (a commission form's references, a delivery's files, a
 * request's attachments): uploads start as soon as files are picked, at most `max` of them, for
 * `purpose`. `initial` are files already attached (a saved request being edited).
 */
export function useReferenceUploads(
  purpose: MediaPurpose = 'reference',
  max: number = REFERENCES_MAX,
  initial: readonly Media[] = [],
) {
  const [items, setItems] = useState<ReferenceItem[]>(() =>
    initial.map((media, i) => ({
      id: `ref-${++counter}`,
      name: `file ${i + 1}`,
      previewUrl: media.miniatureUrl,
      progress: 1,
      media,
      error: null,
    })),
  );
  const aborts = useRef(new Map<string, AbortController>());
  const urls = useRef(new Set<string>());

  const patch = (id: string, change: Partial<ReferenceItem>) =>
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it)));

  // Uploads start outside of setItems: React may run state updaters twice (StrictMode).
  const count = useRef(initial.length);
  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(0, max - count.current);
      const accepted = files.slice(0, room).map((file): ReferenceItem => {
        const id = `ref-${++counter}`;
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        const controller = new AbortController();
        aborts.current.set(id, controller);
        uploadMedia(file, purpose, (p) => patch(id, { progress: p }), controller.signal)
          .then((media) => patch(id, { media, progress: 1 }))
          .catch((err: unknown) => {
            if (err instanceof ApiError && err.code === 'aborted') return;
            patch(id, { error: err instanceof Error ? err.message : 'The upload failed' });
          })
          .finally(() => aborts.current.delete(id));
        return { id, name: file.name, previewUrl, progress: 0, media: null, error: null };
      });
      count.current += accepted.length;
      setItems((list) => [...list, ...accepted]);
    },
    [purpose, max],
  );

  /** Forgets every item (after the form was sent), freeing the previews. */
  const clear = useCallback(() => {
    aborts.current.forEach((c) => c.abort());
    urls.current.forEach((u) => URL.revokeObjectURL(u));
    urls.current.clear();
    count.current = 0;
    setItems([]);
  }, []);

  const remove = useCallback((id: string) => {
    aborts.current.get(id)?.abort();
    count.current = Math.max(0, count.current - 1);
    setItems((list) => {
      const gone = list.find((it) => it.id === id);
      if (gone) {
        if (gone.previewUrl.startsWith('blob:')) URL.revokeObjectURL(gone.previewUrl);
        urls.current.delete(gone.previewUrl);
      }
      return list.filter((it) => it.id !== id);
    });
  }, []);

  // Leaving the page stops unfinished uploads and frees the local previews.
  useEffect(() => {
    const pending = aborts.current;
    const previews = urls.current;
    return () => {
      pending.forEach((c) => c.abort());
      previews.forEach((u) => URL.revokeObjectURL(u));
    };
  }, []);

  return {
    items,
    max,
    add,
    remove,
    clear,
    mediaIds: items.flatMap((it) => (it.media ? [it.media.id] : [])),
    busy: items.some((it) => !it.media && !it.error),
    failed: items.some((it) => it.error !== null),
  };
}
