import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { paymentMessages } from '../packages/shared/src/payments/messages.ts';
import { registerByApi } from './accounts.ts';
import { payUpFront } from './commissions.ts';

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#8e44ad' } })
    .png()
    .toBuffer();

/** Fills the last option line of a section of the card editor. */
async function fillOption(section: ReturnType<Page['getByRole']>, n: number, name: string, price: string) {
  const line = section.getByRole('group', { name: `Option ${n}` });
  await line.getByLabel('Option', { exact: true }).fill(name);
  await line.getByLabel('Price', { exact: true }).fill(price);
}

test('an artist sells a commission card; the commissioner orders, the artist delivers, the commissioner approves', async ({
  page,
  browser,
}) => {
  // The artist: an account, then the artist switch (the Settings API; the page shares its cookies).
  const ann = await registerByApi(page.request, 'ann');
  const settings = await page.request.patch(`/api/user/update/settings/id/${ann.id}`, {
    data: { id: ann.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  await page.goto('/crm');
  await expect(page).toHaveURL(/\/crm\/pending\/new$/);
  await expect(page.getByText('There is nothing new yet..')).toBeVisible();
  await checkA11y(page, 'CRM incoming, empty');
  await page.getByRole('tab', { name: 'Commission forms' }).click();
  await expect(page).toHaveURL(/\/crm\/cards$/);
  await expect(page.getByRole('link', { name: 'Create card' }).first()).toBeVisible();
  await checkA11y(page, 'CRM cards, none yet');
  await page.getByRole('link', { name: 'Create card' }).first().click();
  await expect(page).toHaveURL(/\/crm\/cards\/card-create$/);
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  await checkA11y(page, 'card editor, empty');

  // The card: a starting price, a one-choice section and a several-choice section.
  await page.getByLabel('Title', { exact: true }).fill('Character portrait');
  await page.getByLabel('Description', { exact: true }).fill('Digital portraits, delivered as PNG.');
  await page.getByLabel('Starting price').fill('20');
  await page.getByRole('button', { name: 'Add one-choice section' }).click();
  const size = page.getByRole('region', { name: 'Section 1' });
  await size.getByLabel('Section title').fill('Size');
  await fillOption(size, 1, 'Bust', '0');
  await size.getByRole('button', { name: 'Add option' }).click();
  await fillOption(size, 2, 'Full body', '15.5');
  await page.getByRole('button', { name: 'Add several-choice section' }).click();
  const extras = page.getByRole('region', { name: 'Section 2' });
  await extras.getByLabel('Section title').fill('Extras');
  await fillOption(extras, 1, 'Background', '10');
  await extras.getByRole('button', { name: 'Add option' }).click();
  await fillOption(extras, 2, 'Pet', '5');

  // The preview is the commission page's own view: its total follows the choices.
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await preview.getByRole('radio', { name: /Full body/ }).check();
  await preview.getByRole('checkbox', { name: /Pet/ }).check();
  await expect(preview.getByTestId('card-total')).toHaveText('$40.50');
  await checkA11y(page, 'card editor, filled in');

  // A new card is a closed draft until it is opened on purpose; the artist's terms go with it.
  await page.getByLabel('Your terms').fill('Personal use only. Two revisions included.');
  const open = page.getByRole('switch', { name: /Card is open/ });
  await expect(open).not.toBeChecked();
  await open.check();
  await page.getByRole('switch', { name: /Taking commissions/ }).check();
  await page.getByRole('button', { name: 'Create card' }).first().click();
  await expect(page).toHaveURL(/\/crm\/cards$/);
  await expect(page.getByText('Card created!')).toBeVisible();
  await checkA11y(page, 'CRM cards, one card');
  const view = page.getByRole('link', { name: 'View Character portrait' });
  const cardPath = (await view.getAttribute('href'))!;
  expect(cardPath).toMatch(/^\/commission\/[0-9a-f-]{36}$/);

  // The commissioner, in a browser of their own.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await registerByApi(bob.request, 'bob');
  await bob.goto(cardPath);
  await expect(bob.getByRole('heading', { name: 'Character portrait' })).toBeVisible();
  await checkA11y(bob, 'commission card');
  await bob.getByRole('button', { name: 'Order this commission' }).click();
  await bob.getByRole('radio', { name: /Full body/ }).check();
  await bob.getByRole('checkbox', { name: /Background/ }).check();
  await bob.getByRole('checkbox', { name: /Pet/ }).check();
  await bob.getByLabel('Description').fill('My orange cat, sitting.');
  await bob
    .locator('input[type=file]')
    .setInputFiles([{ name: 'cat.png', mimeType: 'image/png', buffer: await png() }]);
  await expect(bob.getByRole('img', { name: 'Reference 1: cat.png' })).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Review request' })).toBeEnabled();
  const shownTotal = await bob.getByTestId('card-total').innerText();
  expect(shownTotal).toBe('$50.50');
  await checkA11y(bob, 'order form, filled in');
  // A look back before it goes: choices, total, description and references.
  await bob.getByRole('button', { name: 'Review request' }).click();
  const review = bob.getByRole('region', { name: 'Check your request' });
  await expect(review.getByRole('cell', { name: 'Size: Full body' })).toBeVisible();
  await expect(review.getByText('My orange cat, sitting.')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Reference 1' })).toBeVisible();
  await expect(review.getByTestId('review-total')).toHaveText(shownTotal);
  await expect(review.getByText('Personal use only. Two revisions included.')).toBeVisible();
  await checkA11y(bob, 'order review');
  await review.getByRole('button', { name: 'Send request' }).click();
  await expect(bob).toHaveURL(/\/crm\/outgoing\/orders$/);
  await expect(bob.getByText('Request sent!')).toBeVisible();
  await expect(bob.getByRole('list', { name: 'Pending orders' })).toBeVisible();
  await checkA11y(bob, 'CRM outgoing, one pending');

  // The server computed the same total the commissioner saw.
  const outgoing = await bob.request.get('/api/comissionforms/outgoing');
  const [form] = (await outgoing.json()) as { totalPrice: number; references: unknown[] }[];
  expect(`$${form!.totalPrice.toFixed(2)}`).toBe(shownTotal);
  expect(form!.references).toHaveLength(1);
  const pending = bob.getByRole('list', { name: 'Pending orders' });
  await expect(pending.getByRole('listitem', { name: 'Character portrait' })).toContainText(shownTotal);

  // The artist accepts in Incoming, then starts and delivers in Active.
  await page.goto('/crm/pending/new');
  const group = page.getByRole('list', { name: `Requests from ${bobAccount.login}` });
  await expect(group.getByText('New!')).toBeVisible();
  await checkA11y(page, 'CRM incoming, one new');
  await group.getByRole('button', { name: 'Details of Character portrait' }).click();
  const details = page.getByRole('dialog', { name: 'Character portrait' });
  await expect(details.getByText('My orange cat, sitting.')).toBeVisible();
  await expect(details.getByText(shownTotal)).toBeVisible();
  await checkA11y(page, 'order details dialog');
  await details.getByRole('button', { name: 'Accept' }).click();
  await expect(details).toBeHidden();
  await expect(page.getByText('There is nothing new yet..')).toBeVisible();

  // What needs the artist comes first on Active, with its button, without opening anything.
  await page.getByRole('tab', { name: 'Active' }).click();
  const task = page.getByRole('list', { name: 'Needs you now' }).getByRole('listitem');
  await expect(task).toContainText('Accepted, waiting to start');
  await checkA11y(page, 'CRM active, one task');
  // Starting waits for the up-front payment: the refusal says what to do.
  await task.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(paymentMessages.paymentRequired)).toBeVisible();
  await expect(task).toContainText('Accepted, waiting to start');
  const sent = (await (await bob.request.get('/api/comissionforms/outgoing')).json()) as { id: number }[];
  await payUpFront(page.request, bob.request, sent[0]!.id);
  await task.getByRole('button', { name: 'Start' }).click();
  await expect(task).toContainText('In progress');
  await task.getByRole('button', { name: 'Deliver' }).click();
  const deliver = page.getByRole('dialog', { name: 'Deliver the finished work' });
  await deliver
    .locator('input[type=file]')
    .setInputFiles([{ name: 'portrait.png', mimeType: 'image/png', buffer: await png() }]);
  await expect(deliver.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  // Delivered, it waits for the commissioner: it leaves the artist's to-do list for their history.
  await expect(page.getByText('Nothing to start or deliver right now.')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(bobAccount.login) }).click();
  await expect(
    page.getByRole('list', { name: `Tasks of ${bobAccount.login}` }).getByRole('listitem'),
  ).toContainText('Finished, waiting for approval');

  // The commissioner approves the finished work.
  await bob.reload();
  // Waiting for the commissioner's approval: the first list of their Outgoing page.
  const finished = bob.getByRole('list', { name: 'Waiting for you' }).getByRole('listitem');
  await expect(finished).toContainText('Character portrait');
  await checkA11y(bob, 'CRM outgoing, one finished');
  await finished.getByRole('button', { name: 'Approve' }).click();
  await bob
    .getByRole('dialog', { name: 'Approve the delivered work?' })
    .getByRole('button', { name: 'Approve, it is final' })
    .click();
  await expect(finished).toHaveCount(0);
  await bob.getByLabel('Display done column').check();
  await expect(bob.getByRole('list', { name: 'Done orders' }).getByRole('listitem')).toContainText('Done');
  await checkA11y(bob, 'CRM outgoing, done column');

  // Both see it done in their CRM.
  await page.reload();
  await page.getByLabel('Display inactive').check();
  await page.getByRole('button', { name: new RegExp(bobAccount.login) }).click();
  await expect(
    page.getByRole('list', { name: `Tasks of ${bobAccount.login}` }).getByRole('listitem'),
  ).toContainText('Done');
  await checkA11y(page, 'CRM active, inactive shown');
  await bobContext.close();
});
