import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { checkA11y, formatViolations } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, registerArtist } from './commissions.ts';
import { startStripeServer, type StripeServer } from './stripe-server.ts';

/**
 * Protected payments with Stripe Connect (decision 0031), on a server of its own that takes card
 * payments, with the Stripe stand-in's hosted pages in place of Stripe's (e2e/stripe-server.ts).
 * The artist connects a Stripe account from Settings → Payouts and opens the card for orders; the
 * buyer pays the accepted order by card, comes back from checkout to the order, which shows the
 * money held by Brushline once the signed webhook is in; approving the delivery releases it.
 */

let server: StripeServer;
// Beside the run's own server (3199) and the demo servers (3198, 3197).
const PORT = Number(process.env.E2E_STRIPE_PORT ?? 3196);

test.beforeAll(async () => {
  // Its first start creates the embedded database.
  test.setTimeout(240_000);
  server = await test.step('the Stripe server starts', () => startStripeServer(PORT));
});
test.afterAll(async () => {
  await server?.stop();
});

/** A browser context of its own on the Stripe server, and a signed-in account in it. */
async function person(browser: Browser, prefix: string, artist = false) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const opts = { dataDir: server.dataDir };
  const account = artist
    ? await registerArtist(page.request, prefix, opts)
    : await registerByApi(page.request, prefix, opts);
  return { page, account };
}

const money = (page: Page) => page.getByRole('region', { name: 'Money' });

/** An address on the Stripe stand-in (its onboarding and checkout pages stand for Stripe's). */
const onStandIn = (path: string) => new RegExp(`^${server.standIn.url.replace(/[.]/g, '\\.')}${path}`);

/**
 * The stand-in's pages are no screens of Brushline (checkA11y notes routes and titles of the app's
 * own, for e2e/a11y-coverage.spec.ts): axe once, at the width shown, and nothing noted.
 */
async function axeOnStandIn(page: Page, screen: string) {
  await test.step(`axe: stand-in ${screen}`, async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, `axe on the stand-in's ${screen}:\n${formatViolations(violations)}`).toEqual([]);
  });
}

test('an artist connects Stripe, the buyer pays by card through checkout, the money is held, then released on approval', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [ann, bob] = await test.step('two accounts by the API', () =>
    Promise.all([person(browser, 'ann', true), person(browser, 'bob')]));
  const artist = ann.page;
  const buyer = bob.page;

  // A card shown to everyone but not taking orders yet: with Stripe, orders need a ready account.
  const card = await test.step('before Stripe, the card cannot take orders', async () => {
    const cardBody = {
      title: 'Stripe portrait',
      infoProvidedByTheAuthor: 'A portrait, paid by card.',
      startingPrice: 80,
      sections: [],
      paymentPlan: { kind: 'full' },
      deliveryDays: 7,
      isOpenComission: true,
      isCommissionsOpen: false,
    };
    const created = (await ok(
      await artist.request.post('/api/commissioncard/create', { data: cardBody }),
    )) as {
      card: { uuid: string };
    };
    // The server refuses to open a card for orders before the account can receive money.
    const refused = await artist.request.post('/api/commissioncard/create', {
      data: { ...cardBody, isCommissionsOpen: true },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'payout_account_required',
    );

    // The card editor says so before the artist tries, with the way to Payouts.
    await artist.goto(`/crm/cards/card-edit/${created.card.uuid}`);
    const notice = artist.getByRole('alert').filter({ hasText: 'Connect Stripe before taking commissions' });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Go to Settings → Payouts' }).click();
    return created.card;
  });

  await test.step('the artist connects Stripe from Settings → Payouts', async () => {
    await expect(artist).toHaveURL(/\/settings\/payouts$/);
    await expect(artist.getByTestId('payout-stage')).toHaveText('Not connected');
    await artist.getByRole('button', { name: 'Connect with Stripe' }).click();
    // The stand-in's onboarding page, in place of Stripe's.
    await expect(artist).toHaveURL(onStandIn('/onboarding/'));
    await axeOnStandIn(artist, 'onboarding page');
    await artist.getByRole('button', { name: 'Finish onboarding' }).click();
    await expect(artist).toHaveURL(/\/settings\/payouts$/);
    await expect(artist.getByRole('alert').filter({ hasText: 'Your account is ready' })).toBeVisible();
    await expect(artist.getByTestId('payout-stage')).toHaveText('Ready');
    const enabled = artist.getByRole('list', { name: 'What Stripe has enabled' });
    await expect(enabled).toContainText('Card payments: yes');
    await expect(enabled).toContainText('Payouts to your bank: yes');
    await checkA11y(artist, 'settings payouts, back from Stripe with the account ready');
  });

  await test.step('the card editor opens the card for orders', async () => {
    await artist.goto(`/crm/cards/card-edit/${card.uuid}`);
    await expect(artist.getByLabel('Title')).toHaveValue('Stripe portrait');
    await expect(artist.getByText('Connect Stripe before taking commissions')).toHaveCount(0);
    await artist.getByLabel('Taking commissions').check();
    await artist.getByRole('button', { name: 'Save changes' }).first().click();
    await expect(artist).toHaveURL(/\/crm\/cards$/);
  });

  // Bob orders from the card; Ann accepts (the CRM lists have their own journeys).
  const form = await test.step('the buyer orders, the artist accepts (API)', async () => {
    const sent = (await ok(
      await buyer.request.post('/api/comissionform/send', {
        data: { cardUUID: card.uuid, description: 'My cat, by card', chosen: [], totalPrice: 80 },
      }),
    )) as { form: { id: number; task: { id: number } } };
    await ok(await artist.request.put(`/api/task/${sent.form.task.id}/accept`));
    return sent.form;
  });

  await test.step('the buyer pays by card through checkout', async () => {
    await buyer.goto(`/order/${form.id}`);
    await money(buyer).getByRole('button', { name: 'Pay $80.00 with card' }).click();
    const ask = buyer.getByRole('dialog', { name: 'Pay $80.00 by card' });
    await expect(ask).toContainText('Brushline holds the money until you approve the delivery');
    await ask.getByRole('button', { name: 'Continue to pay $80.00' }).click();
    // The stand-in's hosted checkout, in place of Stripe's.
    await expect(buyer).toHaveURL(onStandIn('/checkout/'));
    await expect(buyer.getByText('$80.00')).toBeVisible();
    await axeOnStandIn(buyer, 'checkout page');
    await buyer.getByRole('button', { name: 'Pay' }).click();
  });

  await test.step('back on the order, the money is held', async () => {
    // Confirmed once the signed checkout.session.completed is handled (the page asks again meanwhile).
    await expect(buyer).toHaveURL(new RegExp(`/order/${form.id}\\?paid=0$`));
    await expect(buyer.getByTestId('payment-return')).toContainText('Payment received: $80.00');
    await expect(money(buyer).getByTestId('platform-state')).toHaveText('Held by Brushline');
    await checkA11y(buyer, 'order page, buyer, paid by card and held');
  });

  await test.step('the artist’s Money tab shows what Brushline holds for them', async () => {
    await artist.goto('/crm/money');
    const held = artist.getByRole('region', { name: 'Held until approval' });
    await expect(held.getByRole('link', { name: new RegExp(`#${form.id}$`) })).toBeVisible();
    await expect(held).toContainText('$80.00');
    await checkA11y(artist, 'money tab, artist, a card payment held');
  });

  await test.step('the artist delivers (API), the buyer approves: the money is released', async () => {
    await ok(await artist.request.put(`/api/task/${form.task.id}/start`));
    const art = await artist.request.post('/api/media?purpose=delivery', {
      multipart: {
        file: {
          name: 'cat.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 64, height: 80, channels: 3, background: '#8e6c4a' } })
            .png()
            .toBuffer(),
        },
      },
    });
    const { id: fileId } = (await ok(art)) as { id: string };
    await ok(
      await artist.request.put(`/api/task/${form.task.id}/deliver`, {
        data: { files: [fileId], message: 'Your cat, finished.' },
      }),
    );
    // The delivery's notification refreshes the open order page.
    await buyer.getByRole('button', { name: 'Approve', exact: true }).click();
    await buyer
      .getByRole('dialog', { name: 'Approve the delivered work?' })
      .getByRole('button', { name: 'Approve, it is final' })
      .click();
    await expect(money(buyer).getByTestId('platform-state')).toHaveText('Released to the artist');
    // The checkout return's "Brushline holds it" banner has nothing left to say.
    await expect(buyer.getByTestId('payment-return')).toHaveCount(0);
  });
});
