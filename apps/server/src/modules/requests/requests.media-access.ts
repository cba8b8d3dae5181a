import type { MediaPlacement } from '../media/media.access.ts';
import { isReferenceOfApplicationOf } from './applications.repo.ts';
import { isAttachedToRequestReadableBy } from './requests.repo.ts';

/**
 * Who may fetch the uploads requests place (registered in app.ts), by the requests' own rules:
 * a request's attachments go with the request (readableBy: a public one is anyone's, a hidden one
 * its owner's only, whoever applied to it included), and an application's references are seen,
 * like the application, by the artist who sent it and the request's owner.
 */
export const requestMediaPlacements: MediaPlacement[] = [
  {
    purpose: 'reference',
    readers: 'anyone who may read a request it is attached to (a hidden request: its owner only)',
    mayRead: (ctx, actor, mediaId) => isAttachedToRequestReadableBy(ctx.db, mediaId, actor),
  },
  {
    purpose: 'reference',
    readers: 'the artist who applied with it and the owner of the request applied to',
    mayRead: async (ctx, actor, mediaId) =>
      actor !== null && isReferenceOfApplicationOf(ctx.db, mediaId, actor.id),
  },
];
