import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, registerArtist } from './commissions.ts';

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();

/** Screenshots of a screen at 1280 and 390 px, kept with the test's output to look at. */
async function shoot(page: Page, name: string, locator?: Locator) {
  const start = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const path = test.info().outputPath(`${name}-${size.width}.png`);
    if (locator) await locator.screenshot({ path, animations: 'disabled' });
    else await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(start);
}

const money = (page: Page) => page.getByRole('region', { name: 'Money' });
const part = (page: Page, name: string) => money(page).getByRole('listitem', { name });

test('a deposit and the remainder: asked, marked paid and confirmed on the order page, with a due date', async ({
  page,
  browser,
}) => {
  // Two people, eleven axe scans at two widths and twelve screenshots: on a loaded 2-core machine
  // this takes about 3.5 minutes, near the default ceiling.
  test.setTimeout(480_000);
  // Ann makes a card paid with a 50% deposit, delivered within 7 days.
  await registerArtist(page.request, 'ann');
  await page.goto('/crm/cards/card-create');
  await page.getByLabel('Title', { exact: true }).fill('Deposit portrait');
  await page.getByLabel('Description', { exact: true }).fill('A painted portrait.');
  await page.getByLabel('Starting price').fill('80');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('radio', { name: /In full up front/ })).toBeChecked();
  await payment.getByRole('radio', { name: /Deposit \+ remainder/ }).check();
  await expect(payment.getByLabel('Deposit', { exact: true })).toHaveValue('50%');
  await payment.getByLabel('Delivery time (days)').fill('7');
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByTestId('due-when')).toHaveText(
    /Deposit on acceptance \$40\.00 · Remainder on delivery \$40\.00/,
  );
  await expect(preview.getByText('Delivered within 7 days of acceptance')).toBeVisible();
  await payment.scrollIntoViewIfNeeded();
  await checkA11y(page, 'card editor, payment section');
  // Milestones: rows that add up live (checked by axe too), then back to the deposit.
  await payment.getByRole('radio', { name: /Milestones/ }).check();
  await expect(payment.getByTestId('milestones-sum')).toHaveText('Adds up to 100%');
  await checkA11y(page, 'card editor, milestones');
  await shoot(page, 'card-editor-payment', payment);
  await payment.getByRole('radio', { name: /Deposit \+ remainder/ }).check();
  await page.getByRole('switch', { name: /Card is open/ }).check();
  await page.getByRole('switch', { name: /Taking commissions/ }).check();
  await page.getByRole('button', { name: 'Create card' }).first().click();
  await expect(page).toHaveURL(/\/crm\/cards$/);
  const cardPath = (await page.getByRole('link', { name: 'View Deposit portrait' }).getAttribute('href'))!;

  // Bob orders it and sees what is due when before sending.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await registerByApi(bob.request, 'bob');
  await bob.goto(cardPath);
  await expect(bob.getByText('50% deposit, the rest on delivery')).toBeVisible();
  await expect(bob.getByText('Delivered within 7 days of acceptance')).toBeVisible();
  await bob.getByRole('button', { name: 'Order this commission' }).click();
  await bob.getByLabel('Description').fill('My dog Rex, smiling.');
  await expect(bob.getByTestId('due-when')).toHaveText(
    /Deposit on acceptance \$40\.00 · Remainder on delivery \$40\.00/,
  );
  await bob.getByRole('button', { name: 'Review request' }).click();
  const review = bob.getByRole('region', { name: 'Check your request' });
  await expect(review.getByTestId('due-when')).toHaveText(
    /Deposit on acceptance \$40\.00 · Remainder on delivery \$40\.00/,
  );
  await shoot(bob, 'order-review');
  await review.getByRole('button', { name: 'Send request' }).click();
  await expect(bob).toHaveURL(/\/crm\/outgoing\/orders$/);
  const [form] = (await ok(await bob.request.get('/api/comissionforms/outgoing'))) as unknown as {
    id: number;
    task: { id: number };
  }[];
  const orderPath = `/order/${form!.id}`;

  // Ann accepts (Incoming has its own journey): the order is due in 7 days, the deposit is due.
  await ok(await page.request.put(`/api/task/${form!.task.id}/accept`));
  await page.goto(orderPath);
  await expect(money(page).getByTestId('money-next-step')).toContainText('Ask for the deposit: $40.00');
  await expect(money(page).getByText(/^Due .* · in 7 days$/)).toBeVisible();
  await expect(money(page).getByTestId('money-state')).toHaveText('Unpaid');
  await checkA11y(page, 'order page, artist, money to ask for');
  await shoot(page, 'order-artist-ask');
  await part(page, 'Deposit').getByRole('button', { name: 'Ask for payment' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for the deposit: $40.00' });
  await ask.getByLabel('How to pay you').fill('PayPal: paypal.me/ann-paints/40');
  await checkA11y(page, 'order page, artist, asking for a payment');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask).toBeHidden();

  // Bob pays outside Brushline and marks it paid. Ann's page is open: it follows live.
  await bob.goto(orderPath);
  await expect(money(bob).getByTestId('money-next-step')).toContainText('Pay the deposit: $40.00');
  await expect(part(bob, 'Deposit')).toContainText('PayPal: paypal.me/ann-paints/40');
  await checkA11y(bob, 'order page, buyer, deposit to pay');
  await shoot(bob, 'order-buyer-pay');
  await part(bob, 'Deposit').getByRole('button', { name: 'Mark as paid' }).click();
  const paid = bob.getByRole('dialog', { name: 'Mark the deposit as paid: $40.00' });
  await paid.getByLabel('Reference (optional)').fill('PP-1001');
  await paid.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(part(bob, 'Deposit')).toContainText('Marked paid');

  await expect(money(page).getByTestId('money-next-step')).toContainText('Confirm you received $40.00');
  await part(page, 'Deposit').getByRole('button', { name: 'Confirm received' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm you received $40.00' });
  await expect(confirm.getByLabel('Reference (optional)')).toHaveValue('PP-1001');
  await checkA11y(page, 'order page, artist, confirming a payment');
  await confirm.getByRole('button', { name: 'Confirm received' }).click();
  await expect(money(page).getByTestId('money-state')).toHaveText('Part paid');
  await expect(part(page, 'Deposit').getByRole('link', { name: /Invoice INV-/ })).toHaveAttribute(
    'href',
    new RegExp(`^/api/comissionform/${form!.id}/invoices/INV-.+\\.pdf$`),
  );

  // Paid up front, Ann starts and delivers.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('In progress', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  const deliver = page.getByRole('dialog', { name: 'Deliver the finished work' });
  await deliver
    .locator('input[type=file]')
    .setInputFiles([{ name: 'rex.png', mimeType: 'image/png', buffer: await png() }]);
  await expect(deliver.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(deliver).toBeHidden();

  // Bob sees when the delivery would be approved by itself, and approves it.
  await bob.reload();
  await expect(money(bob).getByText(/approved automatically on/)).toBeVisible();
  await bob.getByRole('button', { name: 'Approve', exact: true }).click();
  await bob
    .getByRole('dialog', { name: 'Approve the delivered work?' })
    .getByRole('button', { name: 'Approve, it is final' })
    .click();

  // The remainder: asked (the instructions start from the last ones), paid, confirmed.
  await expect(money(page).getByTestId('money-next-step')).toContainText('Ask for the remainder: $40.00');
  await part(page, 'Remainder').getByRole('button', { name: 'Ask for payment' }).click();
  const askAgain = page.getByRole('dialog', { name: 'Ask for the remainder: $40.00' });
  await expect(askAgain.getByLabel('How to pay you')).toHaveValue('PayPal: paypal.me/ann-paints/40');
  await askAgain.getByRole('button', { name: 'Send the request' }).click();
  await expect(askAgain).toBeHidden();

  await expect(money(bob).getByTestId('money-next-step')).toContainText('Pay the remainder: $40.00');
  await part(bob, 'Remainder').getByRole('button', { name: 'Mark as paid' }).click();
  await bob
    .getByRole('dialog', { name: 'Mark the remainder as paid: $40.00' })
    .getByRole('button', { name: 'Mark as paid' })
    .click();
  await part(page, 'Remainder').getByRole('button', { name: 'Confirm received' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm you received $40.00' })
    .getByRole('button', { name: 'Confirm received' })
    .click();

  // Paid: both see it, with an invoice per payment and the timeline.
  await expect(money(page).getByTestId('money-state')).toHaveText('Paid');
  await expect(money(bob).getByTestId('money-state')).toHaveText('Paid');
  await expect(money(bob).getByRole('link', { name: /Invoice INV-/ })).toHaveCount(2);
  await money(bob)
    .getByText(/Money timeline/)
    .click();
  await expect(money(bob).getByRole('list', { name: 'Money timeline' })).toContainText(
    'Remainder: payment confirmed · $40.00',
  );
  await checkA11y(bob, 'order page, buyer, paid');
  await checkA11y(page, 'order page, artist, paid');
  await shoot(bob, 'order-buyer-paid');
  await shoot(page, 'order-artist-paid');
  await bobContext.close();
});
