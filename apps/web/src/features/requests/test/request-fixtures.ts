import type { Application, Request } from '@brushline/shared/requests/schemas';
import { artistMe, buyerMe, CARD_UUID } from '../../orders/test/order-fixtures.ts';

/** Test data shaped like the API's answers (packages/shared/src/requests/schemas.ts). */
export const REQUEST_GUID = '7a1b2c3d-4444-4444-8444-444444444444';

const person = (me: typeof artistMe) => ({
  id: me.id,
  login: me.displayLogin,
  displayName: me.displayName,
  avatarMiniatureUrl: null,
});

/** A public request of the buyer (Bob). */
export function makeRequest(patch: Partial<Request> = {}): Request {
  return {
    id: 7,
    guid: REQUEST_GUID,
    title: 'A dragon on a hill',
    description: 'Green, sleepy, at sunset.',
    typeOfWork: 'illustration',
    additionalRequirements: 'PNG, 3000 px wide',
    preferences: 'Soft colours',
    priceMin: 50,
    priceMax: 200,
    deadline: 30,
    attachedMedia: [],
    tags: [{ id: 1, title: 'dragon', tagType: 'General', maturity: 'SFW' }],
    privacy: 'public',
    owner: person(buyerMe),
    applications: 1,
    hiddenByStaff: null,
    createdAt: new Date(Date.now() - 3600_000).toISOString(),
    updatedAt: '2026-01-05T00:00:00.000Z',
    ...patch,
  };
}

/** Ann's application to Bob's request. */
export function makeApplication(id: number, patch: Partial<Application> = {}): Application {
  return {
    id,
    senderId: artistMe.id,
    sender: person(artistMe),
    status: 'pending',
    comment: 'I love dragons',
    offeredPrice: 120,
    belowMinimum: false,
    attachedReferences: [],
    isRead: false,
    applienceRequest: {
      guid: REQUEST_GUID,
      title: 'A dragon on a hill',
      ownerId: buyerMe.id,
      ownerLogin: buyerMe.displayLogin,
      priceMin: 50,
    },
    commissionTask: null,
    sendComissionCard: { uuid: CARD_UUID, title: 'Portrait', cardBanner: null },
    cardTitle: 'Portrait',
    createdAt: '2026-01-06T00:00:00.000Z',
    answeredAt: null,
    ...patch,
  };
}
