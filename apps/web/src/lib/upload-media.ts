import type { ErrorCode } from '@brushline/shared/error-codes';
import pLimit from 'p-limit';
import { MEDIA_UPLOADS_AT_ONCE, type MediaPurpose } from '@brushline/shared/media/constants';
import type { Media } from '@brushline/shared/media/schemas';
import type { ApiErrorBody } from '@brushline/shared/messages';
import { ApiError } from './api-client.ts';

/** Uploads run a few at a time: a drop of 15 references must not hold 15 files in server memory at once. */
const limit = pLimit(MEDIA_UPLOADS_AT_ONCE);

/**
 * Uploads one image to POST /api/media (MEDIA_UPLOADS_AT_ONCE at a time; the rest wait their turn). XMLHttpRequest rather than fetch, because only it
 * reports upload progress; `onProgress` gets a fraction from 0 to 1.
 */
export function uploadMedia(
  file: File,
  purpose: MediaPurpose,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Media> {
  return limit(() => send(file, purpose, onProgress, signal));
}

function send(
  file: File,
  purpose: MediaPurpose,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Media> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, 'aborted', 'Upload canceled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/media?purpose=${purpose}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Media | ApiErrorBody | null;
      if (xhr.status === 200 && body && 'id' in body) {
        onProgress?.(1);
        resolve(body);
        return;
      }
      const err = body && 'error' in body ? body.error : undefined;
      reject(
        new ApiError(
          xhr.status,
          (err?.code as ErrorCode | undefined) ?? 'upload_failed',
          err?.message ?? `Upload failed (${xhr.status})`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and try again'),
      );
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload canceled'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
