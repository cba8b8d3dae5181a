import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { paymentMessages } from '../packages/shared/src/payments/messages.ts';
import { ok, openCard, payUpFront, registerArtist } from './commissions.ts';

/** A mouse drag the way a person makes one: press, move past the 5 px start distance, travel, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2, { steps: 4 });
  await to.scrollIntoViewIfNeeded();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(90, b.height / 2), { steps: 25 });
  await page.mouse.up();
}

test('an accepted order is on the board, is dragged to a stage and delivered from it, and moves to Done live when the buyer approves', async ({
  page,
  browser,
}) => {
  const ann = await registerArtist(page.request, 'ann');
  const card = await openCard(page.request, {
    title: 'Full body portrait',
    infoProvidedByTheAuthor: 'Painted.',
    startingPrice: 30,
  });
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await registerByApi(bob.request, 'bob');
  const { form } = (await ok(
    await bob.request.post('/api/comissionform/send', {
      data: { cardUUID: card.uuid, description: 'My fox, full body', chosen: [], totalPrice: 30 },
    }),
  )) as { form: { id: number; task: { id: number } } };
  // Ann accepts it (the CRM's Incoming list has its own journey): it joins her board by itself.
  await ok(await page.request.put(`/api/task/${form.task.id}/accept`));

  await page.goto('/crm/tracker');
  const column = (name: string) => page.getByRole('region', { name });
  const fox = page.getByRole('button', { name: new RegExp(`^Full body portrait, commission #${form.id}`) });
  await expect(column('Accepted').getByRole('button', { name: /^Full body portrait/ })).toBeVisible();
  await expect(column('Done').getByText('no tasks')).toBeVisible();
  await checkA11y(page, 'tracker board');

  // A stage of her own, from "Add new column".
  await page.getByRole('button', { name: 'Add new column' }).click();
  const columnDialog = page.getByRole('dialog', { name: 'Add new column' });
  await columnDialog.getByLabel('Title').fill('Colour');
  await checkA11y(page, 'column modal');
  await columnDialog.getByRole('button', { name: 'Add column' }).click();
  await expect(columnDialog).toBeHidden();
  await expect(column('Colour')).toBeVisible();

  // Dropping a waiting commission into Done is refused and snaps back, saying why.
  await drag(page, fox, column('Done'));
  await expect(
    page.getByText("Couln't move. Only the buyer’s approval moves a commission to Done", { exact: true }),
  ).toBeVisible();
  await expect(column('Accepted').getByRole('button', { name: /^Full body portrait/ })).toBeVisible();

  // Dragged into Colour before Bob paid, it snaps back with what to do.
  await drag(page, fox, column('Colour'));
  await expect(page.getByText(paymentMessages.paymentRequired)).toBeVisible();
  await expect(column('Accepted').getByRole('button', { name: /^Full body portrait/ })).toBeVisible();

  // Paid up front, dragged into Colour, it starts: same move as the CRM's Start button, and Bob is told.
  await payUpFront(page.request, bob.request, form.id);
  await drag(page, fox, column('Colour'));
  await expect(column('Colour').getByText('In progress', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await ok(await bob.request.get(`/api/order/${form.id}`))) as { form: { status: string } }).form
          .status,
    )
    .toBe('processing');
  await page.reload();
  await expect(column('Colour').getByRole('button', { name: /^Full body portrait/ })).toBeVisible();

  // From the keyboard: Space picks it up, an arrow moves it, Space drops it into Awaiting approval.
  await bob.goto('/feed');
  await fox.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(
    'Picked up Full body portrait in Colour, position 1 of 1',
  );
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(
    'Full body portrait moved to Awaiting approval, position 1 of 1',
  );
  await page.keyboard.press('Space');
  // The order page's own delivery dialog opens: files and a message.
  const deliver = page.getByRole('dialog', { name: 'Deliver the finished work' });
  await expect(deliver).toBeVisible();
  await deliver.locator('input[type=file]').setInputFiles([
    {
      name: 'fox.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer(),
    },
  ]);
  await deliver.getByLabel('Message to the commissioner').fill('Your fox, finished.');
  await checkA11y(page, 'delivery dialog from the board');
  await expect(deliver.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(deliver).toBeHidden();
  await expect(column('Awaiting approval').getByText('Finished, waiting for approval')).toBeVisible();

  // Bob hears of it live (the bell), opens the order and approves.
  await expect(bob.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await bob.goto(`/order/${form.id}`);
  await bob.getByRole('button', { name: 'Approve' }).click();
  await bob.getByRole('button', { name: 'Approve, it is final' }).click();
  await expect(bob.getByText('Done', { exact: true }).first()).toBeVisible();

  // Ann's open board moves the card to Done by itself.
  await expect(column('Done').getByRole('button', { name: /^Full body portrait/ })).toBeVisible();
  await fox.click();
  const taskDialog = page.getByRole('dialog', { name: `Full body portrait #${form.id}` });
  await expect(taskDialog.getByText('My fox, full body')).toBeVisible();
  await checkA11y(page, 'commission task modal');
  await page.keyboard.press('Escape');

  // A personal task beside the commissions.
  await column('In progress').getByRole('button', { name: 'Add task to In progress' }).click();
  const taskForm = page.getByRole('dialog', { name: 'New task in In progress' });
  await taskForm.getByLabel('Title').fill('Order new brushes');
  await checkA11y(page, 'new personal task modal');
  await taskForm.getByRole('button', { name: 'Add task' }).click();
  await expect(
    column('In progress').getByRole('button', { name: /^Order new brushes, personal task/ }),
  ).toBeVisible();

  // The public queue: an anonymous entry, never Bob's name, the brief or the price.
  await bob.goto(`/profile/${ann.login}/queue`);
  await expect(bob.getByText(`Commission #${form.id} · Full body portrait · done just now`)).toBeVisible();
  await expect(bob.getByText('Other work')).toBeVisible();
  await expect(bob.locator('main').getByText(bobAccount.login)).toHaveCount(0);
  await expect(bob.locator('main').getByText('My fox, full body')).toHaveCount(0);
  await checkA11y(bob, 'public queue');
  await bobContext.close();
});

test('a board wider than the screen names the columns past its edge, and its cue scrolls to them by keyboard', async ({
  page,
}) => {
  await registerArtist(page.request, 'wide');
  await ok(await page.request.get('/api/board'));
  // Two stages of her own beside the four system columns: six, wider than a laptop's page.
  for (const title of ['Sketch', 'Colour'])
    await ok(await page.request.post('/api/board/column', { data: { title } }));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/crm/tracker');
  const column = (name: string) => page.getByRole('region', { name });
  await expect(column('Done')).toBeAttached();
  const board = page.getByTestId('board');
  const names = await board
    .getByRole('region')
    .evaluateAll((els) => els.map((el) => el.querySelector('h3')?.textContent));
  expect(names).toHaveLength(6);
  // Four whole columns fit; the two past the edge are named above the board.
  for (const name of names.slice(0, 4)) await expect(column(name!)).toBeInViewport({ ratio: 1 });
  const hidden = names.slice(4).join(', ');
  const more = page.getByRole('button', { name: `2 more columns: ${hidden}` });
  await expect(more).toBeVisible();
  await expect(column(names[5]!)).not.toBeInViewport();
  await checkA11y(page, 'tracker board wider than the page', { schemes: ['light', 'dark'] });

  // By keyboard: the cue is a button; Enter scrolls the hidden columns into view.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(column(names[5]!)).toBeInViewport({ ratio: 1 });
  await expect(more).toBeHidden();
  const back = page.getByRole('button', { name: new RegExp(`^2 columns before: ${names[0]}, ${names[1]}$`) });
  await expect(back).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('board-1280-scrolled.png') });
  await back.click();
  await expect(column(names[0]!)).toBeInViewport({ ratio: 1 });

  // On a phone one column shows at a time: the cue counts the other five.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /^5 more columns: / })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('board-390.png') });
});
