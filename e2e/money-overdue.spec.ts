import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { checkA11y } from './a11y.ts';
import { signInDemo, startDemoServer, type DemoServer } from './demo-server.ts';

/**
 * The money page and what only time makes, on a server started with its demo data (e2e/demo-server.ts):
 * the demo client's order "Sable" had its deposit paid and its due date passed two days ago. The
 * client cancels it from the order page, the artist finds the refund owed on /crm/money, records
 * it, and both download the documents (an invoice, the credit note, the income CSV).
 */

let demo: DemoServer;
// The demo server's port: beside the run's own (playwright.config.ts, 3199).
const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 3198);

test.beforeAll(async () => {
  // Its first start creates the embedded database and the demo content (pictures re-encoded).
  test.setTimeout(300_000);
  demo = await startDemoServer(DEMO_PORT);
});
test.afterAll(async () => {
  await demo?.stop();
});

const signIn = (browser: Browser, login: string) => signInDemo(browser, demo, login);

const money = (page: Page) => page.getByRole('region', { name: 'Money' });

/** Clicks `link` and answers the download's name and first bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readDownload(file) };
}
async function readDownload(file: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

test('an overdue order canceled by the buyer: the refund owed shows on both money pages, is recorded, and every document downloads', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const client = await signIn(browser, 'demo_client');
  // The buyer's money page: what is due (the remainder of the delivered order), checked at both widths.
  await client.goto('/crm/money');
  await expect(client.getByRole('heading', { name: 'Your payments' })).toBeVisible();
  await checkA11y(client, 'money page, buyer');

  // The overdue order, from Outgoing: past its due date, with the deposit paid.
  const outgoing = (await (await client.request.get('/api/comissionforms/outgoing')).json()) as {
    id: number;
    description: string;
  }[];
  const sable = outgoing.find((f) => f.description.startsWith('Sable'))!;
  await client.goto(`/order/${sable.id}`);
  await expect(money(client).getByText('Overdue', { exact: true })).toBeVisible();
  await money(client).getByRole('button', { name: 'Cancel order' }).click();
  const ask = client.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(ask).toContainText('What you paid ($27.50) becomes a refund');
  await checkA11y(client, 'order page, buyer, canceling an overdue order');
  await ask.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(money(client).getByText('Refund owed: $27.50')).toBeVisible();
  await expect(client.getByText('Canceled', { exact: true }).first()).toBeVisible();

  // The artist sees it among refunds owed on the money page, live figures included.
  const artist = await signIn(browser, 'demo_artist');
  await artist.goto('/crm/money');
  await expect(artist.getByRole('heading', { name: 'As an artist' })).toBeVisible();
  const owed = artist.getByRole('region', { name: 'Refunds you owe' });
  await expect(owed.getByRole('link', { name: new RegExp(`#${sable.id}`) })).toBeVisible();
  await expect(owed).toContainText('$27.50');
  await expect(artist.getByRole('region', { name: 'Awaiting payment' })).toContainText('Remainder');
  await checkA11y(artist, 'money page, artist');

  // The income CSV of this month: the deposits confirmed by the demo, and the refund owed.
  const csv = await download(artist, () =>
    artist.getByRole('link', { name: 'Download CSV' }).click({ noWaitAfter: true }),
  );
  expect(csv.name).toMatch(/^brushline-income-.*\.csv$/);
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toMatch(/^date,/);
  expect(lines.filter((l) => l.includes('Payment confirmed')).length).toBeGreaterThan(0);
  expect(lines.find((l) => l.includes('Refund owed'))).toContain(String(sable.id));

  // From the list to the order: the refund recorded, final after a confirmation, with a credit note.
  await owed.getByRole('link', { name: new RegExp(`#${sable.id}`) }).click();
  await expect(artist).toHaveURL(new RegExp(`/order/${sable.id}$`));
  await money(artist).getByRole('button', { name: 'Record refund' }).click();
  const record = artist.getByRole('dialog', { name: 'Record the refund of $27.50' });
  await record.getByLabel('Reference (optional)').fill('PayPal refund 9RF0001');
  await checkA11y(artist, 'order page, artist, recording a refund');
  await record.getByRole('button', { name: 'Record refund' }).click();
  await expect(record).toBeHidden();
  const note = money(artist).getByRole('link', { name: /Credit note CN-/ });
  await expect(note).toBeVisible();
  await expect(money(artist).getByText(/^Refund owed: /)).toHaveCount(0);
  const creditNote = await download(artist, () => note.click({ noWaitAfter: true }));
  expect(creditNote.name).toMatch(/^CN-.+\.pdf$/);
  expect(isPdf(creditNote.bytes)).toBe(true);
  const artistInvoice = await download(artist, () =>
    money(artist)
      .getByRole('link', { name: /Invoice INV-/ })
      .first()
      .click({ noWaitAfter: true }),
  );
  expect(artistInvoice.name).toMatch(/^INV-.+\.pdf$/);
  expect(isPdf(artistInvoice.bytes)).toBe(true);

  // The buyer's page follows: no refund owed any more, the credit note and the deposit's invoice to download.
  await expect(money(client).getByText(/^Refund owed: /)).toHaveCount(0);
  await expect(money(client).getByTestId('money-state')).toHaveText('Refunded');
  await expect(money(client).getByRole('listitem', { name: 'Remainder' })).toContainText('Not owed');
  await expect(money(client).getByRole('link', { name: /Credit note CN-/ })).toBeVisible();
  const invoice = await download(client, () =>
    money(client)
      .getByRole('link', { name: /Invoice INV-/ })
      .first()
      .click({ noWaitAfter: true }),
  );
  expect(invoice.name).toMatch(/^INV-.+\.pdf$/);
  expect(isPdf(invoice.bytes)).toBe(true);
  await client.goto('/crm/money');
  await expect(client.getByRole('region', { name: 'Refunds owed to you' })).toHaveCount(0);

  await client.context().close();
  await artist.context().close();
});
