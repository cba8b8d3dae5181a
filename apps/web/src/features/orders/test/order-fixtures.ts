import type { Card } from '@brushline/shared/cards/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';

/** Test data shaped like the API's answers (packages/shared schemas). */
export const artistMe: Me = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  email: 'ann@example.test',
  roles: ['artist'],
  badges: ['artist'],
  isOnline: true,
  connectedSocials: [],
  userProfileStore: { profilePicture: null, bannerPicture: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const buyerMe: Me = {
  ...artistMe,
  id: '6f1c1f9e-2222-4222-8222-222222222222',
  displayName: 'Bob',
  displayLogin: 'bob',
  loginName: 'bob',
  email: 'bob@example.test',
  roles: [],
  badges: [],
};

export const CARD_UUID = '0b7e3c1a-3333-4333-8333-333333333333';

export function makeCard(patch: Partial<Card> = {}): Card {
  return {
    uuid: CARD_UUID,
    title: 'Portrait',
    cardBanner: null,
    thumbnailPicture: null,
    startingPrice: 20,
    sections: [
      {
        key: 'size',
        title: 'Size',
        type: 'radio',
        options: [
          { key: 'bust', option: 'Bust', price: 0, additional: '', order: 0 },
          { key: 'full', option: 'Full body', price: 15.5, additional: '', order: 1 },
        ],
      },
      {
        key: 'extras',
        title: 'Extras',
        type: 'checkbox',
        options: [
          { key: 'bg', option: 'Background', price: 10, additional: 'simple scenery', order: 0 },
          { key: 'pet', option: 'Pet', price: 5, additional: '', order: 1 },
        ],
      },
    ],
    isOpenComission: true,
    isCommissionsOpen: true,
    revisionsIncluded: 2,
    paymentPlan: { kind: 'full' },
    deliveryDays: null,
    infoProvidedByTheAuthor: 'Digital portraits.',
    terms: '',
    descriptionRequired: false,
    aiLabel: null,
    hiddenByStaff: null,
    galleryFolder: null,
    ownerId: artistMe.id,
    owner: { login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null },
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...patch,
  };
}

/** The other side of an order, with a picture as most people have (an <img> needs its alt). */
const person = (me: Me) => ({
  id: me.id,
  login: me.displayLogin,
  displayName: me.displayName,
  avatarMiniatureUrl: `/api/media/${me.id}/miniature`,
});

export function makeForm(id: number, status: TaskStatus, patch: Partial<SentForm> = {}): SentForm {
  return {
    id,
    cardUUID: CARD_UUID,
    cardTitle: `Order ${id}`,
    description: '',
    terms: '',
    references: [],
    totalPrice: 20,
    revisionsIncluded: 2,
    senderId: buyerMe.id,
    sender: person(buyerMe),
    artist: person(artistMe),
    isRead: false,
    waitlist: false,
    showInQueue: false,
    type: 'normal',
    status,
    sendComissionCardOptions: [],
    task: {
      id: 100 + id,
      status,
      type: 'normal',
      comment: null,
      revision: 0,
      declineReason: null,
      updatedAt: '2026-01-03T00:00:00.000Z',
    },
    createdAt: '2026-01-03T00:00:00.000Z',
    ...patch,
  };
}

/** An order's money as GET /comissionform/{id}/payments answers it: a 50% deposit on $80 by default. */
export function makeMoney(formId: number, patch: Partial<OrderMoney> = {}): OrderMoney {
  const part = (index: number, name: string, stage: PaymentPart['stage']): PaymentPart => ({
    index,
    name,
    stage,
    percent: 50,
    amount: 40,
    status: index === 0 ? 'due' : 'scheduled',
    instructions: null,
    reference: null,
    requestedAt: null,
    markedAt: null,
    confirmedAt: null,
    invoiceNumber: null,
    platform: null,
  });
  return {
    formId,
    provider: { id: 'offPlatform', holdsFunds: false, note: paymentMessages.offPlatformNote },
    plan: { kind: 'deposit', depositPercent: 50 },
    planSummary: '50% deposit, the rest on delivery',
    state: 'unpaid',
    stateLabel: 'Unpaid',
    total: 80,
    parts: [part(0, 'Deposit', 'acceptance'), part(1, 'Remainder', 'delivery')],
    balances: { paid: 0, fees: 0, refundOwed: 0, refunded: 0, outstanding: 80 },
    startBeforePayment: false,
    deliveryDays: 7,
    dueAt: '2099-01-10T12:00:00.000Z',
    autoApproveAt: null,
    overdue: false,
    extension: null,
    nextStep: null,
    timeline: [],
    creditNotes: [],
    dispute: null,
    ...patch,
  };
}
