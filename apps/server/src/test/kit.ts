import type { CardBodyInput, Card } from '@brushline/shared/cards/schemas';
import type { SendFormBodyInput, SentForm } from '@brushline/shared/orders/schemas';
import type { App } from '../app.ts';
import { registerUser, type TestApp } from './harness.ts';
import { pngBytes, uploadImage } from './media-fixtures.ts';

/** The server suite's shared kit: accounts, cards, forms and deliveries through the real routes (not a test file itself). */
export type TestUser = Awaited<ReturnType<typeof registerUser>>;

export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Turns the artist switch on (the artist role) through the settings route. */
export async function makeArtist(t: TestApp, user: TestUser): Promise<void> {
  const res = await call(t.app, 'PATCH', `/api/user/update/settings/id/${user.id}`, user.cookie, {
    displayNSFW: false,
    displayQuestionable: false,
    isArtist: true,
  });
  if (res.statusCode !== 200) throw new Error(`settings ${res.statusCode}: ${res.body}`);
}

export async function registerArtist(t: TestApp): Promise<TestUser> {
  const user = await registerUser(t.app, t.dataDir);
  await makeArtist(t, user);
  return user;
}

/** A card with a radio section (size) and a checkbox section (extras); open and taking commissions. */
export function sampleCard(overrides: Partial<CardBodyInput> = {}): CardBodyInput {
  return {
    title: 'Portrait',
    infoProvidedByTheAuthor: 'Painted portraits',
    startingPrice: 20,
    sections: [
      {
        key: 'size',
        title: 'Size',
        type: 'radio',
        options: [
          { key: 'bust', option: 'Bust', price: 0, additional: '', order: 0 },
          { key: 'full', option: 'Full body', price: 15.5, additional: '+2 days', order: 1 },
        ],
      },
      {
        key: 'extras',
        title: 'Extras',
        type: 'checkbox',
        options: [
          { key: 'bg', option: 'Background', price: 10.25, additional: '', order: 0 },
          { key: 'char', option: 'Extra character', price: 12, additional: 'per extra character', order: 1 },
        ],
      },
    ],
    cardBanner: null,
    thumbnailPicture: null,
    isOpenComission: true,
    isCommissionsOpen: true,
    ...overrides,
  };
}

export async function createCard(t: TestApp, owner: TestUser, overrides: Partial<CardBodyInput> = {}) {
  const res = await call(t.app, 'POST', '/api/commissioncard/create', owner.cookie, sampleCard(overrides));
  if (res.statusCode !== 200) throw new Error(`create card ${res.statusCode}: ${res.body}`);
  return res.json<{ card: Card }>().card;
}

/** The cheapest valid choice for sampleCard: bust, no extras, total = starting price. */
export function sampleForm(card: Card, overrides: Partial<SendFormBodyInput> = {}): SendFormBodyInput {
  return {
    cardUUID: card.uuid,
    description: 'A portrait of my cat',
    references: [],
    chosen: [{ sectionKey: 'size', optionKeys: ['bust'] }],
    totalPrice: card.startingPrice,
    ...overrides,
  };
}

export async function sendForm(
  t: TestApp,
  buyer: TestUser,
  card: Card,
  overrides: Partial<SendFormBodyInput> = {},
) {
  const res = await call(t.app, 'POST', '/api/comissionform/send', buyer.cookie, sampleForm(card, overrides));
  if (res.statusCode !== 200) throw new Error(`send form ${res.statusCode}: ${res.body}`);
  return res.json<{ form: SentForm }>().form;
}

/** The current task status of a form, read the way its artist sees it. */
export async function statusOf(t: TestApp, artist: TestUser, formId: number): Promise<SentForm['status']> {
  const res = await call(t.app, 'GET', `/api/task/comissions/get/crm/${artist.login}`, artist.cookie);
  const form = res.json<SentForm[]>().find((f) => f.id === formId);
  if (!form) throw new Error(`form ${formId} not in the artist's list`);
  return form.status;
}

interface NoteItem {
  id: number;
  type: string;
  message: string;
  sentCard: { id: number; isAccepted: boolean } | null;
}

/**
 * Every notification of a user about one form, newest first. It walks all pages: a count taken
 * from the first page alone stops at the page size, and other tests leave a varying number.
 */
export async function notificationsAbout(t: TestApp, user: TestUser, formId: number): Promise<NoteItem[]> {
  const about: NoteItem[] = [];
  let url = '/api/notifications';
  for (;;) {
    const res = await call(t.app, 'GET', url, user.cookie);
    if (res.statusCode !== 200) throw new Error(`notifications ${res.statusCode}: ${res.body}`);
    const page = res.json<{ items: NoteItem[]; nextCursor: number | null }>();
    about.push(...page.items.filter((n) => n.sentCard?.id === formId));
    if (page.nextCursor === null) return about;
    url = `/api/notifications?cursor=${page.nextCursor}`;
  }
}

/**
 * Uploads `n` delivery images as `user` and answers a deliver / WIP body with their ids. The
 * per-user upload limit is reset first: suites deliver far more often than a person uploads.
 */
export async function deliveryBody(t: TestApp, user: TestUser, n = 1, message = 'Here it is') {
  await t.app.deps.limits.reset('mediaUploadUser', user.id);
  const files: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const media = await uploadImage(t.app, user.cookie, {
      purpose: 'delivery',
      bytes: await pngBytes(64 + i, 48, '#1f618d'),
    });
    files.push(media.id);
  }
  return { files, message };
}
