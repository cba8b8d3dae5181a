import { expect, test } from '@playwright/test';
import { messages } from '../packages/shared/src/messages.ts';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, openCard, registerArtist } from './commissions.ts';

test('two people chat live from a profile, the header counts unread chats, and an order has its working chat', async ({
  page,
  browser,
}) => {
  // Ann the artist, with an open card; Bob in a browser of his own.
  const ann = await registerArtist(page.request, 'ann');
  const card = await openCard(page.request, {
    title: 'Owl sketch',
    infoProvidedByTheAuthor: 'An owl.',
    startingPrice: 15,
  });
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await registerByApi(bob.request, 'bob');

  // Ann waits on the feed: nothing unread yet.
  await page.goto('/feed');
  const annChats = page.getByRole('link', { name: /^Chats/ });
  await expect(annChats).toHaveAccessibleName('Chats');

  // Bob opens a casual chat from Ann's profile.
  await bob.goto(`/profile/${ann.login}/home`);
  await bob.getByRole('button', { name: 'Message' }).click();
  await expect(bob).toHaveURL(/\/chat\/\d+$/);
  await expect(
    bob.getByRole('region', { name: /^Messages with/ }).getByText(messages.chatNoMessages),
  ).toBeVisible();
  await checkA11y(bob, 'chat room, no messages yet');

  // Enter sends; Shift+Enter adds a line.
  const composer = bob.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello Ann!');
  await composer.press('Enter');
  await expect(bob.getByText('Hello Ann!', { exact: true })).toBeVisible();
  await composer.pressSequentially('line one');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('line two');
  await expect(composer).toHaveValue('line one\nline two');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(bob.getByText(/line one\s+line two/)).toBeVisible();

  // Ann's header counts the chat live, on whatever page she is.
  await expect(annChats).toHaveAccessibleName('Chats, 1 with unread messages');
  await annChats.click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText(messages.chatNotChosen)).toBeVisible();
  const row = page
    .getByRole('navigation', { name: 'Casual chats' })
    .getByRole('link', { name: new RegExp(bobAccount.login.slice(0, 10)) });
  await expect(row.getByLabel('2 unread')).toBeVisible();
  await checkA11y(page, 'chat list, nothing chosen');
  await row.click();
  await expect(page.getByText('Hello Ann!', { exact: true })).toBeVisible();
  // Opening the room read it: the header's count goes away.
  await expect(annChats).toHaveAccessibleName('Chats');

  // Ann answers; Bob sees it arrive, and sees that Ann has read his messages.
  const annComposer = page.getByRole('textbox', { name: 'Message' });
  await annComposer.fill('Hi Bob, what can I draw for you?');
  await annComposer.press('Enter');
  await expect(bob.getByText('Hi Bob, what can I draw for you?', { exact: true })).toBeVisible();
  await expect(bob.getByText('Seen')).toBeVisible();
  await checkA11y(page, 'chat room with messages');

  // Bob orders the owl; once Ann accepts, their working chat shows the order beside the messages.
  const { form } = (await ok(
    await bob.request.post('/api/comissionform/send', {
      data: { cardUUID: card.uuid, description: 'A snowy owl', chosen: [], totalPrice: 15 },
    }),
  )) as { form: { id: number; task: { id: number } } };
  await ok(await page.request.put(`/api/task/${form.task.id}/accept`));
  await bob.goto(`/order/${form.id}`);
  await bob.getByRole('link', { name: 'Open chat' }).click();
  await expect(bob).toHaveURL(/\/wchat\/\d+$/);
  const orders = bob.getByRole('complementary', { name: 'Orders in this chat' });
  await expect(orders.getByRole('link', { name: `#${form.id} Owl sketch` })).toBeVisible();
  await expect(orders.getByText('Accepted, waiting to start')).toBeVisible();
  await checkA11y(bob, 'working chat with its orders');
  await bob.getByRole('textbox', { name: 'Message' }).fill('Ordered!');
  await bob.getByRole('button', { name: 'Send' }).click();
  await page.goto('/wchat');
  await expect(
    page.getByRole('navigation', { name: 'Working chats' }).getByText('Ordered!', { exact: false }),
  ).toBeVisible();
  await checkA11y(page, 'working chat list');

  // On a phone one panel shows at a time, with a way back.
  await bob.setViewportSize({ width: 390, height: 800 });
  await bob.goto('/chat');
  const list = bob.getByRole('navigation', { name: 'Casual chats' });
  await expect(list).toBeVisible();
  await expect(bob.getByText(messages.chatNotChosen)).toHaveCount(0);
  await list.getByRole('link').first().click();
  await expect(list).toHaveCount(0);
  await expect(bob.getByText('Hi Bob, what can I draw for you?', { exact: true })).toBeVisible();
  await bob.getByRole('button', { name: 'Back to the chats' }).click();
  await expect(bob).toHaveURL(/\/chat$/);
  await expect(list).toBeVisible();
  await bobContext.close();
});
