import { useCallback, useEffect, useRef, useState } from 'react';
import type { Media } from '@brushline/shared/media/schemas';
import { POST_MEDIA_MAX } from '@brushline/shared/posts/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';

export interface PostUpload {
  key: string;
  name: string;
  /** A local object URL, so the thumbnail shows before the upload ends. */
  previewUrl: string;
  /** 0 to 1. */
  progress: number;
  media: Media | null;
  error: string | null;
}

let keyCounter = 0;

/**
 * The images of a post being written: each starts uploading as soon as it is added (purpose
 * 'post'), with its progress, its stored media or its error. Removing one cancels its upload.
 */
export function usePostUploads() {
  const [items, setItems] = useState<PostUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const update = useCallback((key: string, change: Partial<PostUpload>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  const forget = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
  };

  /** Starts uploading the files that fit under the limit; answers how many were left out. */
  const add = (files: File[]): number => {
    const room = Math.max(0, POST_MEDIA_MAX - items.length);
    const taken = files.slice(0, room);
    const added = taken.map((file): PostUpload => {
      keyCounter += 1;
      const key = `upload-${keyCounter}`;
      const previewUrl = URL.createObjectURL(file);
      const controller = new AbortController();
      controllers.current.set(key, controller);
      previews.current.set(key, previewUrl);
      uploadMedia(file, 'post', (progress) => update(key, { progress }), controller.signal).then(
        (media) => {
          controllers.current.delete(key);
          update(key, { media, progress: 1 });
        },
        (err: unknown) => {
          controllers.current.delete(key);
          if (err instanceof ApiError && err.code === 'aborted') return;
          update(key, { error: err instanceof Error ? err.message : 'The upload failed' });
        },
      );
      return { key, name: file.name, previewUrl, progress: 0, media: null, error: null };
    });
    setItems((list) => [...list, ...added]);
    return files.length - taken.length;
  };

  const remove = (key: string) => {
    forget(key);
    setItems((list) => list.filter((i) => i.key !== key));
  };

  const clear = () => {
    for (const key of [...previews.current.keys()]) forget(key);
    setItems([]);
  };

  // Leaving the page cancels what is still uploading and frees the previews.
  useEffect(() => {
    const ctl = controllers.current;
    const urls = previews.current;
    return () => {
      for (const c of ctl.values()) c.abort();
      for (const u of urls.values()) URL.revokeObjectURL(u);
    };
  }, []);

  return {
    items,
    add,
    remove,
    clear,
    uploading: items.some((i) => i.media === null && i.error === null),
    failed: items.some((i) => i.error !== null),
    mediaIds: items.flatMap((i) => (i.media ? [i.media.id] : [])),
  };
}
