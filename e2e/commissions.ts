import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerByApi } from './accounts.ts';

type Answer = Awaited<ReturnType<APIRequestContext['get']>>;

/** The answer's JSON once it is 200 (the body is shown when it is not). */
export async function ok(res: Answer): Promise<Record<string, unknown>> {
  expect(res.status(), await res.text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * Registers an account through the API and makes it an artist (settings, as the UI does).
 * `dataDir`: as registerByApi's, for a server other than the run's own.
 */
export async function registerArtist(
  request: APIRequestContext,
  prefix = 'ann',
  { dataDir }: { dataDir?: string } = {},
) {
  const account = await registerByApi(request, prefix, { dataDir });
  await ok(
    await request.patch(`/api/user/update/settings/id/${account.id}`, {
      data: { id: account.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
    }),
  );
  return account;
}

export interface CardInput {
  title: string;
  startingPrice: number;
  infoProvidedByTheAuthor?: string;
  revisionsIncluded?: number;
}

/** An open commission card of the signed-in artist of `request`, made through the API. */
export async function openCard(request: APIRequestContext, card: CardInput): Promise<{ uuid: string }> {
  const answer = (await ok(
    await request.post('/api/commissioncard/create', {
      data: {
        infoProvidedByTheAuthor: `${card.title}, painted.`,
        sections: [],
        isOpenComission: true,
        isCommissionsOpen: true,
        ...card,
      },
    }),
  )) as { card: { uuid: string } };
  return answer.card;
}

/**
 * The up-front payment of an order, made as its two sides make it (decision 0020): the artist asks
 * for it with their instructions, the buyer marks it paid, the artist confirms receipt. Starting
 * the order waits for this (409 payment_required) unless the artist chose "Start before payment".
 */
export async function payUpFront(
  artist: APIRequestContext,
  buyer: APIRequestContext,
  formId: number,
  part = 0,
): Promise<void> {
  const base = `/api/comissionform/${formId}/payments/${part}`;
  await ok(await artist.put(`${base}/request`, { data: { instructions: 'paypal.me/e2e-artist' } }));
  await ok(await buyer.put(`${base}/paid`, { data: { reference: 'e2e transfer' } }));
  await ok(await artist.put(`${base}/confirm`, { data: { reference: '' } }));
}

/** The moves an order has made before the journey starts. */
export type OrderStage = 'sent' | 'accepted' | 'inProgress';

/**
 * The start most order journeys share: Ann, an artist with an open card (in `page`'s context),
 * and Bob, a commissioner in a browser context of his own, who has ordered it; the order has made
 * the moves of `stage` (by the API: the CRM's lists have their own journeys). Close `bobContext`
 * at the end.
 */
export async function artistWithOpenCardAndOrder(
  page: Page,
  browser: Browser,
  opts: { card: CardInput; description: string; stage?: OrderStage },
) {
  const ann = await registerArtist(page.request, 'ann');
  const card = await openCard(page.request, opts.card);
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await registerByApi(bob.request, 'bob');
  const { form } = (await ok(
    await bob.request.post('/api/comissionform/send', {
      data: {
        cardUUID: card.uuid,
        description: opts.description,
        chosen: [],
        totalPrice: opts.card.startingPrice,
      },
    }),
  )) as { form: { id: number; task: { id: number } } };
  const stage = opts.stage ?? 'sent';
  if (stage !== 'sent') await ok(await page.request.put(`/api/task/${form.task.id}/accept`));
  if (stage === 'inProgress') {
    await payUpFront(page.request, bob.request, form.id);
    await ok(await page.request.put(`/api/task/${form.task.id}/start`));
  }
  return { ann, card, bobContext, bob, bobAccount, form, orderPath: `/order/${form.id}` };
}
