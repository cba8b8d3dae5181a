import type { CardBodyInput, Card } from '@brushline/shared/cards/schemas';
import type { SendFormBodyInput, SentForm } from '@brushline/shared/orders/schemas';
import type { Role } from '@brushline/shared/roles';
import type { App } from '../app.ts';
import { userRoles } from '../db/schema/users.ts';
import { userSessionsChanged, type Actor } from '../platform/session.ts';
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

/** `user` as a service call's actor (with `roles`; no content filters), for tests that call services directly. */
export const actorOf = (user: { id: string; login: string }, roles: Actor['roles'] = []): Actor => ({
  id: user.id,
  login: user.login,
  roles,
  sessionHash: '',
  displayNsfw: false,
  displayQuestionable: false,
  hideAi: false,
});

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

/** A signed-in user holding `role` (staff, say), their session aware of it at once. */
export async function registerWithRole(t: TestApp, role: Role): Promise<TestUser> {
  const user = await registerUser(t.app, t.dataDir);
  await t.app.deps.db.insert(userRoles).values({ userId: user.id, role });
  await userSessionsChanged(t.app.deps.bus, user.id);
  return user;
}

/**
 * Paid on delivery, in two halves: nothing is due up front, so suites about other features start
 * orders without a payment step. payments.test.ts covers the plans that gate the start.
 */
export const PAY_ON_DELIVERY = {
  kind: 'milestones',
  milestones: [
    { name: 'First half', percent: 50, stage: 'delivery' },
    { name: 'Second half', percent: 50, stage: 'delivery' },
  ],
} as const satisfies CardBodyInput['paymentPlan'];

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
    paymentPlan: PAY_ON_DELIVERY,
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

export type OrderStatus = 'none' | 'waiting' | 'processing' | 'finished' | 'done';

/**
 * Moves a new order (a form just sent) up to `status`: the artist accepts, starts and delivers
 * (`delivery`, or a fresh upload of theirs), the buyer approves.
 */
export async function moveOrder(
  t: TestApp,
  form: SentForm,
  sides: { artist: TestUser; buyer: TestUser },
  status: OrderStatus,
  delivery?: { files: string[]; message: string },
): Promise<void> {
  const steps = [
    [sides.artist, 'accept'],
    [sides.artist, 'start'],
    [sides.artist, 'deliver'],
    [sides.buyer, 'approve'],
  ] as const;
  const n = ['none', 'waiting', 'processing', 'finished', 'done'].indexOf(status);
  for (const [who, move] of steps.slice(0, n)) {
    const body = move === 'deliver' ? (delivery ?? (await deliveryBody(t, sides.artist))) : undefined;
    const res = await call(t.app, 'PUT', `/api/task/${form.task.id}/${move}`, who.cookie, body);
    if (res.statusCode !== 200) throw new Error(`${move} ${res.statusCode}: ${res.body}`);
  }
}

/** The answer when it is a 200; else fails with its status and body (for setup steps). */
export function ok<R extends { statusCode: number; body: string }>(res: R, what = 'request'): R {
  if (res.statusCode !== 200) throw new Error(`${what} ${res.statusCode}: ${res.body}`);
  return res;
}

/** The body of a GET as `user` (anonymous without one): what a snapshot compares. */
export async function bodyOf(t: TestApp, url: string, user?: TestUser): Promise<string> {
  return (await call(t.app, 'GET', url, user?.cookie)).body;
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
