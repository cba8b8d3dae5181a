/**
 * Public URLs of a stored image. The id is random (uuid) and the bytes are served by
 * GET /api/media/{id}/{variant} with nosniff and a long immutable cache.
 */
export type MediaVariant = 'full' | 'miniature';

export const mediaUrl = (id: string, variant: MediaVariant) => `/api/media/${id}/${variant}`;
