import type { MediaPlacement } from '../media/media.access.ts';
import { isFileOfOrderOf } from './deliveries.repo.ts';
import { isReferenceOfOrderOf } from './orders.repo.ts';

/**
 * Who may fetch the uploads orders place (registered in app.ts): an order is seen by its two sides
 * only (sideOf), so its references and its delivered or work-in-progress files are too. Staff have
 * no view of orders, so none of these either.
 */
export const orderMediaPlacements: MediaPlacement[] = [
  {
    purpose: 'reference',
    readers: 'the two sides of an order it is a reference of',
    mayRead: async (ctx, actor, mediaId) => actor !== null && isReferenceOfOrderOf(ctx.db, mediaId, actor.id),
  },
  {
    purpose: 'delivery',
    readers: 'the two sides of the order it was delivered or shown as work in progress in',
    mayRead: async (ctx, actor, mediaId) => actor !== null && isFileOfOrderOf(ctx.db, mediaId, actor.id),
  },
];
