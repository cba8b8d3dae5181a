import type { ClientErrorCode, ErrorCode } from '@brushline/shared/error-codes';
import type { ApiErrorBody } from '@brushline/shared/messages';

/** A failed API call, carrying the server's code, SPEC message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's code from the catalogue (a framework's own code is passed on as it came). */
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again';

/** JSON over fetch with the session cookie; every failure becomes an ApiError with a readable message. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<T> {
  // No bare "?" without parameters: the URL must be the one the page preloaded (server page-preloads.ts).
  const search = new URLSearchParams(init.query).toString();
  const url = `/api/${path.replace(/^\//, '')}${search ? `?${search}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(
      res.status,
      (err?.code as ErrorCode | undefined) ?? 'http_error',
      err?.message ?? `Request failed (${res.status})`,
      err?.fields,
    );
  }
  return data as T;
}
