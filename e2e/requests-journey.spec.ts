import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, payUpFront } from './commissions.ts';

const png = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Types most of a tag's title into a tag picker and picks it from the suggestions. */
async function pickTag(page: Page, label: string, title: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(title.slice(0, -1));
  const option = page.getByRole('option', { name: new RegExp(title) }).first();
  await expect(option).toBeVisible();
  await option.click();
}

test('a commissioner posts a request; an artist finds it by a parent tag and applies; the commissioner approves; the artist starts and delivers the order and the commissioner approves it done', async ({
  page,
  browser,
}) => {
  // Cleo the commissioner, and two tags of the wiki: a parent and its child.
  const cleo = await registerByApi(page.request, 'cleo');
  const stem = `r${Date.now().toString(36)}`;
  await ok(await page.request.post('/api/tag/create', { data: { title: `${stem}_animal` } }));
  await ok(
    await page.request.post('/api/tag/create', {
      data: { title: `${stem}_cat`, parentTags: [`${stem}_animal`] },
    }),
  );

  // The public list, then the create form from its button.
  await page.goto('/requests');
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await checkA11y(page, 'requests list');
  await page.getByRole('link', { name: 'Create request' }).click();
  await expect(page).toHaveURL(/\/crm\/requests\/create$/);
  await expect(page.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  await checkA11y(page, 'create request, empty');

  const title = `Cat knight ${stem}`.slice(0, 32);
  await page.getByLabel(/^Title/).fill(title);
  // No type of work is chosen for her: she picks one (the form refuses to guess).
  const typeOfWork = page.getByRole('combobox', { name: /^Type of work/ });
  await expect(typeOfWork).toHaveValue('');
  await typeOfWork.click();
  await page.getByRole('option', { name: 'Character' }).click();
  await expect(typeOfWork).toHaveValue('Character');
  await page.getByLabel('Description').fill('My grey cat in shining armour, holding a tiny sword.');
  await page.getByLabel('Preferences').fill('Warm colours');
  await pickTag(page, 'Tags', `${stem}_cat`);
  await page.getByLabel('Budget to (USD)').fill('150');
  await page.getByLabel('Budget from (USD)').fill('60');
  await page.getByLabel('Deadline (days)').fill('20');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: await png('#7f8c8d') });
  await expect(page.getByRole('img', { name: /File 1: cat.png/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await checkA11y(page, 'create request, filled in');
  await page.getByRole('button', { name: 'Create request' }).click();

  // Created: its editor, by guid, in view mode.
  await expect(page.getByText('Request is created!')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/requests\/editor\/[0-9a-f-]{36}$/);
  const guid = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('$60.00 – $150.00')).toBeVisible();
  await checkA11y(page, 'request editor, view mode');
  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(page).toHaveURL(/\/crm\/requests\/active$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await checkA11y(page, 'my requests');
  await page.getByRole('link', { name: 'Pending applications' }).click();
  await expect(page.getByText('There is nothing new yet..')).toBeVisible();

  // Ann the artist, with an open card (made through the API: the card editor has its own journey).
  const annContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ann = await annContext.newPage();
  const annAccount = await registerByApi(ann.request, 'ann');
  await ok(
    await ann.request.patch(`/api/user/update/settings/id/${annAccount.id}`, {
      data: { id: annAccount.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
    }),
  );
  await ok(
    await ann.request.post('/api/commissioncard/create', {
      data: {
        title: 'Pet portrait',
        infoProvidedByTheAuthor: 'Your pet, painted.',
        startingPrice: 40,
        sections: [],
        isOpenComission: true,
        isCommissionsOpen: true,
        revisionsIncluded: 2,
      },
    }),
  );

  // She finds the request by the parent tag (descendants match), on a phone.
  await ann.goto(`/requests?tags=${stem}_animal`);
  await expect(ann.getByRole('link', { name: title })).toBeVisible();
  await checkA11y(ann, 'requests list, filtered by a tag');
  await ann.getByRole('link', { name: title }).click();
  await expect(ann).toHaveURL(new RegExp(`/requests/${guid}$`));
  await expect(ann.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(ann.getByRole('radio', { name: /Pet portrait/ })).toBeChecked();
  await checkA11y(ann, 'request, apply form');
  // The offered price starts empty (the budget is the hint), and Apply asks for it.
  await expect(ann.getByLabel(/Offered price/)).toHaveValue('');
  await ann.getByRole('button', { name: 'Apply' }).click();
  await expect(ann.getByText('Name the price you offer, in US dollars')).toBeVisible();
  await ann.getByLabel(/Offered price/).fill('50');
  await expect(ann.getByText(/Below the requested minimum of \$60.00/)).toBeVisible();
  await ann.getByLabel('Offered price (USD)').fill('120');
  await ann.getByLabel('Comment').fill('I paint cats in armour every week.');
  await ann.getByRole('button', { name: 'Apply' }).click();
  await expect(ann.getByText('Request sent!')).toBeVisible();
  await expect(ann.getByText('You applied to this request')).toBeVisible();

  // Cleo sees it arrive (live, over the hub), opens it and approves after confirming.
  await expect(page.getByText('New!')).toBeVisible();
  await checkA11y(page, 'pending applications, one new');
  await page.getByRole('button', { name: /View application of/ }).click();
  const dialog = page.getByRole('dialog', { name: `Application to "${title}"` });
  await expect(dialog.getByText('I paint cats in armour every week.')).toBeVisible();
  await checkA11y(page, 'application dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve this application?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Applience was fullfilled')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  // The approved application links to the order it made.
  const openOrder = page.getByRole('link', { name: /^Open order #\d+$/ });
  await expect(openOrder).toHaveAttribute('href', /^\/order\/\d+$/);
  await checkA11y(page, 'pending applications, one approved');
  await openOrder.click();
  await expect(page.getByRole('heading', { name: 'Pet portrait', level: 1 })).toBeVisible();

  // Ann: the order is in her tracking (incoming) and opens from Details.
  await ann.goto('/crm/requests/tracking');
  await expect(ann).toHaveURL(/\/crm\/requests\/tracking\/incoming$/);
  const approved = ann.getByRole('list', { name: 'Approved applications' });
  await expect(approved.getByRole('listitem')).toHaveCount(1);
  await checkA11y(ann, 'tracking, sent applications');
  await approved.getByRole('link', { name: /Details of the order/ }).click();
  await expect(ann).toHaveURL(/\/order\/\d+$/);
  const orderId = Number(/\/order\/(\d+)$/.exec(ann.url())![1]);
  await expect(ann.getByRole('heading', { name: 'Pet portrait', level: 1 })).toBeVisible();

  // In her Active commissions it waits for her to start it, like any accepted order.
  await ann.goto('/crm/pending/active');
  const task = ann
    .getByRole('list', { name: 'Needs you now' })
    .getByRole('listitem')
    .filter({ hasText: 'Pet portrait' });
  await expect(task).toContainText('Accepted, waiting to start');
  await checkA11y(ann, 'CRM active, an order from a request');
  // An order from a request is paid in full up front: Cleo pays before Ann starts.
  await payUpFront(ann.request, page.request, orderId);
  await task.getByRole('button', { name: 'Start' }).click();
  await expect(task).toContainText('In progress');

  // Cleo follows it under tracking's outgoing side: work in progress now.
  await page.goto('/crm/requests/tracking/outgoing');
  const inProgress = page.getByRole('list', { name: 'Work in progress applications' });
  await expect(inProgress.getByRole('listitem')).toHaveCount(1);
  await checkA11y(page, 'tracking, answered applications');

  // Ann delivers the finished picture from Active.
  await task.getByRole('button', { name: 'Deliver' }).click();
  const deliver = ann.getByRole('dialog', { name: 'Deliver the finished work' });
  await deliver
    .locator('input[type=file]')
    .setInputFiles([{ name: 'cat-knight.png', mimeType: 'image/png', buffer: await png('#95a5a6') }]);
  await expect(deliver.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(deliver).toBeHidden();

  // Cleo opens the order from tracking's Details and approves the delivery: done.
  await page.reload();
  await inProgress.getByRole('link', { name: /Details of the order/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByRole('listitem', { name: 'Delivery' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve the delivered work?' });
  await approve.getByRole('button', { name: 'Approve, it is final' }).click();
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible();

  // Both sides find it under Done once the done column is displayed.
  await page.goto('/crm/requests/tracking/outgoing');
  await expect(page.getByRole('list', { name: 'Done applications' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Display done column' }).check();
  await expect(page.getByRole('list', { name: 'Done applications' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Work in progress applications' })).toHaveCount(0);
  await checkA11y(page, 'tracking, answered applications, done column');
  await ann.goto('/crm/requests/tracking/incoming');
  await ann.getByRole('switch', { name: 'Display done column' }).check();
  await expect(ann.getByRole('list', { name: 'Done applications' }).getByRole('listitem')).toHaveCount(1);
  await checkA11y(ann, 'tracking, sent applications, done column');

  // Cleo deletes the request (the order stays done); its page then says it is not available.
  await page.goto(`/crm/requests/editor/${guid}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this request?' })
    .getByRole('button', { name: 'Delete request' })
    .click();
  await expect(page).toHaveURL(/\/crm\/requests\/active$/);
  await ann.goto(`/requests/${guid}`);
  await expect(ann.getByRole('heading', { name: 'This request is not available', level: 1 })).toBeVisible();
  await checkA11y(ann, 'request, not available');
  await page.goto(`/crm/requests/editor/${guid}`);
  await expect(page.getByRole('heading', { name: 'This request is not available', level: 2 })).toBeVisible();
  await checkA11y(page, 'request editor, not available');
  await annContext.close();
  expect(cleo.login).toBeTruthy();
});
