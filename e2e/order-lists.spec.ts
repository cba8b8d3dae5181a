import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { payUpFront } from './commissions.ts';

/** Turns the artist switch on or off through the Settings API (the page shares the cookies). */
async function setArtist(request: APIRequestContext, id: string, isArtist: boolean) {
  const res = await request.patch(`/api/user/update/settings/id/${id}`, {
    data: { id, displayNSFW: false, displayQuestionable: false, isArtist },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function send(
  request: APIRequestContext,
  cardUUID: string,
  description: string,
  chosen: object[],
  total: number,
) {
  const res = await request.post('/api/comissionform/send', {
    data: { cardUUID, description, references: [], chosen, totalPrice: total },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { form: { id: number; task: { id: number } } }).form;
}

async function move(request: APIRequestContext, taskId: number, action: string) {
  const res = await request.put(`/api/task/${taskId}/${action}`);
  expect(res.status(), await res.text()).toBe(200);
}

const signedIn = async (browser: Browser, prefix: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerByApi(page.request, prefix);
  return { context, page, account };
};

const rows = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

test('order lists tell orders apart and put what waits for the viewer first; non-artists learn how to become one', async ({
  page,
  browser,
}) => {
  const ann = await registerByApi(page.request, 'ann');
  await setArtist(page.request, ann.id, true);
  const created = await page.request.post('/api/commissioncard/create', {
    data: {
      title: 'Character portrait',
      startingPrice: 40,
      isOpenComission: true,
      isCommissionsOpen: true,
      sections: [
        {
          key: 'framing',
          title: 'Framing',
          type: 'radio',
          options: [
            { key: 'headshot', option: 'Headshot', price: 0, additional: '', order: 0 },
            { key: 'half', option: 'Half body', price: 20, additional: '', order: 1 },
          ],
        },
        {
          key: 'extras',
          title: 'Extras',
          type: 'checkbox',
          options: [{ key: 'bg', option: 'Simple background', price: 15, additional: '', order: 0 }],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = ((await created.json()) as { card: { uuid: string } }).card;

  // Two commissioners order the same card: three orders that once looked the same.
  const bob = await signedIn(browser, 'bob');
  const carol = await signedIn(browser, 'carol');
  const lyra = await send(
    bob.page.request,
    uuid,
    'My elf ranger, Lyra: green cloak, silver hair, a hawk on her shoulder.',
    [
      { sectionKey: 'framing', optionKeys: ['half'] },
      { sectionKey: 'extras', optionKeys: ['bg'] },
    ],
    75,
  );
  const finn = await send(
    bob.page.request,
    uuid,
    'A headshot of my rogue, Finn.',
    [{ sectionKey: 'framing', optionKeys: ['headshot'] }],
    40,
  );
  const mira = await send(
    carol.page.request,
    uuid,
    'Mira the bard, laughing.',
    [{ sectionKey: 'framing', optionKeys: ['headshot'] }],
    40,
  );

  // Incoming: every row says which order it is, whose, what was chosen and the brief's first words.
  await page.goto('/crm/pending/new');
  const lyraRow = page.getByRole('listitem', { name: `order #${lyra.id},` });
  await expect(lyraRow).toContainText(`#${lyra.id}`);
  await expect(lyraRow).toContainText(`@${bob.account.login}`);
  await expect(lyraRow).toContainText('Half body, Simple background');
  await expect(lyraRow).toContainText('My elf ranger, Lyra');
  await expect(lyraRow).toContainText('Your turn: accept or decline');
  const miraRow = page.getByRole('listitem', { name: `order #${mira.id},` });
  await expect(miraRow).toContainText(`@${carol.account.login}`);
  await expect(miraRow).toContainText('Headshot');
  await expect(miraRow).toContainText('Mira the bard, laughing.');
  await checkA11y(page, 'CRM incoming, three requests of one card');

  // The artist accepts two; one is started. Active shows both first, with their buttons, unopened.
  await move(page.request, lyra.task.id, 'accept');
  await move(page.request, finn.task.id, 'accept');
  // Each is paid up front first (the money journey has its own spec): starting waits for it.
  await payUpFront(page.request, bob.page.request, finn.id);
  await payUpFront(page.request, bob.page.request, lyra.id);
  await move(page.request, finn.task.id, 'start');
  await page.getByRole('tab', { name: 'Active' }).click();
  const now = rows(page, 'Needs you now');
  await expect(now).toHaveCount(2);
  const toStart = now.filter({ hasText: `#${lyra.id}` });
  const toDeliver = now.filter({ hasText: `#${finn.id}` });
  await expect(toStart).toContainText('Your turn: start');
  await expect(toStart.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(toDeliver).toContainText('Your turn: deliver');
  await expect(toDeliver.getByRole('button', { name: 'Deliver' })).toBeVisible();
  await checkA11y(page, 'CRM active, tasks that need the artist');
  await toStart.getByRole('button', { name: 'Start' }).click();
  await expect(now.filter({ hasText: `#${lyra.id}` })).toContainText('Your turn: deliver');

  // Delivered work waits for the commissioner: on Bob's Outgoing it comes first, marked.
  // Delivering takes the finished file (uploaded as a delivery picture) and a message.
  const art = await page.request.post('/api/media?purpose=delivery', {
    multipart: {
      file: {
        name: 'finn.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 64, height: 80, channels: 3, background: '#7f8c8d' } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(art.status(), await art.text()).toBe(200);
  const delivered = await page.request.put(`/api/task/${finn.task.id}/deliver`, {
    data: { files: [((await art.json()) as { id: string }).id], message: 'Finn, finished.' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await bob.page.goto('/crm/outgoing/orders');
  const waiting = rows(bob.page, 'Waiting for you');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`#${finn.id}`);
  await expect(waiting).toContainText('Your turn: approve or send back');
  await expect(waiting).toContainText(`@${ann.login}`);
  const firstList = await bob.page.getByRole('list').first().getAttribute('aria-label');
  expect(firstList).toBe('Waiting for you');
  await expect(rows(bob.page, 'In progress orders')).toContainText('My elf ranger, Lyra');
  await checkA11y(bob.page, 'CRM outgoing, one waiting for the commissioner', { schemes: ['light', 'dark'] });

  // Carol is no artist: an artist page tells her why it is empty and where to change that.
  await carol.page.goto('/crm/pending/active');
  await expect(carol.page.getByRole('heading', { name: '“Active” is for artists' })).toBeVisible();
  await expect(carol.page).toHaveURL(/\/crm\/pending\/active$/);
  await checkA11y(carol.page, 'CRM artist page, seen by a non-artist');
  await carol.page.getByRole('link', { name: 'Turn on artist mode in Settings' }).click();
  await expect(carol.page).toHaveURL(/\/settings\/general$/);
  await carol.page.getByLabel('I am an artist').check();
  await carol.page.getByRole('button', { name: 'Save settings' }).click();
  await expect(carol.page.getByText('Settings updated!')).toBeVisible();
  await carol.page.goto('/crm/pending/active');
  await expect(carol.page.getByRole('heading', { name: 'Active commissions' })).toBeVisible();

  await bob.context.close();
  await carol.context.close();
});
