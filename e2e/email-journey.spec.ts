import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { notificationMailsTo, waitForNotificationMails } from './mail.ts';

/** An open card of the artist signed in on `request`, made through the API (the card editor has its own journey). */
async function openCard(request: APIRequestContext, title: string) {
  const res = await request.post('/api/commissioncard/create', {
    data: {
      title,
      infoProvidedByTheAuthor: 'Quick sketches',
      startingPrice: 10,
      sections: [
        {
          key: 'size',
          title: 'Size',
          type: 'radio',
          options: [{ key: 'bust', option: 'Bust', price: 0, additional: '', order: 0 }],
        },
      ],
      cardBanner: null,
      thumbnailPicture: null,
      isOpenComission: true,
      isCommissionsOpen: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { card: { uuid: string } }).card.uuid;
}

async function order(request: APIRequestContext, cardUUID: string) {
  const res = await request.post('/api/comissionform/send', {
    data: {
      cardUUID,
      description: 'A fox, please',
      references: [],
      chosen: [{ sectionKey: 'size', optionKeys: ['bust'] }],
      totalPrice: 10,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { form: { id: number; task: { id: number } } }).form;
}

test('an artist is e-mailed about a new order, unsubscribes from the mail signed out, and is not e-mailed again', async ({
  page,
  browser,
}) => {
  const ann = await registerByApi(page.request, 'ann');
  const artist = await page.request.patch(`/api/user/update/settings/id/${ann.id}`, {
    data: { id: ann.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
  });
  expect(artist.status(), await artist.text()).toBe(200);
  const card = await openCard(page.request, 'Fox sketch');

  const bobContext = await browser.newContext();
  const bob = await registerByApi(bobContext.request, 'bob');
  await order(bobContext.request, card);

  // Ann left new orders on e-mail (the default): one mail, with the way to the order.
  const [mail] = await waitForNotificationMails(ann.email, 1);
  expect(mail!.subject).toBe(`${bob.login} sent you a request for “Fox sketch”`);
  expect(mail!.text).toMatch(/\/crm\/pending\/new$/m);
  const link = /^Stop e-mails about new orders: (\S+)$/m.exec(mail!.text)![1]!;

  // The link works in a browser that is not signed in.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(link);
  await expect(
    stranger.getByText('You will no longer get e-mails about new orders. You still see them on the site.'),
  ).toBeVisible();
  await checkA11y(stranger, 'unsubscribed');
  await strangerContext.close();

  // Signed in, her settings show it, and she can change the rest there.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/general$/);
  await checkA11y(page, 'settings: general');
  await page.getByRole('link', { name: /Notifications/ }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  const newOrders = page.getByRole('radiogroup', { name: 'New orders' });
  await expect(newOrders.getByRole('radio', { name: 'In-app only' })).toBeChecked();
  await checkA11y(page, 'settings: notifications');
  // Chat messages are e-mailed by default (decision 0016): she turns them to in-app only.
  const chat = page.getByRole('radiogroup', { name: 'Chat messages' });
  await expect(chat.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await chat.getByText('In-app only', { exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings updated!')).toBeVisible();
  await checkA11y(page, 'settings: notifications, saved');

  // A second order is not mailed to her; the status change it leads to is mailed to Bob, who left
  // status changes on. Her order event is older than his, so it would have gone no later than his.
  const second = await order(bobContext.request, card);
  const accepted = await page.request.put(`/api/task/${second.task.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  const [toBob] = await waitForNotificationMails(bob.email, 1);
  expect(toBob!.subject).toBe(`${ann.login} accepted your request for “Fox sketch”`);
  expect(await notificationMailsTo(ann.email)).toHaveLength(1);
  await bobContext.close();

  // She turns new orders back on; the old mail's link, opened again, no longer undoes that.
  await newOrders.getByText('E-mail', { exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings updated!').first()).toBeVisible();
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto(link);
  await expect(again.getByText('This link no longer works')).toBeVisible();
  await expect(again.getByText(/you changed these e-mail settings after the e-mail was sent/)).toBeVisible();
  await checkA11y(again, 'unsubscribe link outdated');
  await againContext.close();
});
