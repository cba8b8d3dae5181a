import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, openCard, payUpFront, registerArtist } from './commissions.ts';
import { notificationMailsTo } from './mail.ts';

/** A picture larger than any miniature, so "full size" is something the page must really show. */
const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Waits until the mails to `to` (all of them, joined) contain every one of `lines`, and answers their text. */
async function mailsContain(to: string, lines: string[]) {
  const text = async () => (await notificationMailsTo(to)).map((m) => m.text).join('\n');
  await expect
    .poll(
      async () => {
        const all = await text();
        return lines.filter((line) => !all.includes(line));
      },
      { timeout: 60_000 },
    )
    .toEqual([]);
  return text();
}

test('an artist delivers two files, the buyer sees them full size, sends back once, and approves the second delivery', async ({
  page,
  browser,
}) => {
  // Ann the artist, with a card that includes 2 revisions (made through the API: the card editor
  // has its own journey).
  const ann = await registerArtist(page.request, 'ann');
  const card = await openCard(page.request, {
    title: 'Fox portrait',
    infoProvidedByTheAuthor: 'A fox, painted.',
    startingPrice: 30,
    revisionsIncluded: 2,
  });

  // Bob orders it; he keeps deliveries on e-mail but turns status changes to the site only.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await registerByApi(bob.request, 'bob');
  await ok(await bob.request.put('/api/notifications/preferences', { data: { statusChanges: 'inApp' } }));
  const { form } = (await ok(
    await bob.request.post('/api/comissionform/send', {
      data: { cardUUID: card.uuid, description: 'A red fox in snow', chosen: [], totalPrice: 30 },
    }),
  )) as { form: { id: number; task: { id: number } } };
  await ok(await page.request.put(`/api/task/${form.task.id}/accept`));
  await payUpFront(page.request, bob.request, form.id);
  await ok(await page.request.put(`/api/task/${form.task.id}/start`));
  const orderPath = `/order/${form.id}`;

  // Ann delivers two files with a message from the order page.
  await page.goto(orderPath);
  await expect(page.getByRole('heading', { name: 'Fox portrait', level: 1 })).toBeVisible();
  await expect(page.getByText('2 revisions included')).toBeVisible();
  await expect(page.getByText('Nothing delivered yet.')).toBeVisible();
  await checkA11y(page, 'order page, artist, in progress');
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  const deliver = page.getByRole('dialog', { name: 'Deliver the finished work' });
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(deliver.getByText('Attach at least one file of the finished work')).toBeVisible();
  await checkA11y(page, 'deliver dialog');
  await deliver.locator('input[type=file]').setInputFiles([
    { name: 'fox-final.png', mimeType: 'image/png', buffer: await png(1800, 1200, '#c0392b') },
    { name: 'fox-alt.png', mimeType: 'image/png', buffer: await png(900, 1400, '#2e86c1') },
  ]);
  await expect(deliver.getByRole('img', { name: 'File 2: fox-alt.png' })).toBeVisible();
  await deliver.getByLabel('Message to the commissioner').fill('Here is your fox, and a variant.');
  await expect(deliver.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(deliver).toBeHidden();
  await expect(page.getByText('Finished, waiting for approval').first()).toBeVisible();

  // Bob sees both files and opens one at its full size; its download has a name.
  await bob.goto(orderPath);
  const delivery = bob.getByRole('listitem', { name: 'Delivery' });
  await expect(delivery).toContainText('Here is your fox, and a variant.');
  await expect(delivery.getByRole('button', { name: /at full size/ })).toHaveCount(2);
  await checkA11y(bob, 'order page, buyer, delivered');
  await delivery.getByRole('button', { name: 'View delivery file 1 at full size' }).click();
  const viewer = bob.getByRole('dialog', { name: 'Delivery, file 1' });
  await expect(viewer.getByText('1800 × 1200 px, full size')).toBeVisible();
  const full = viewer.getByTestId('full-size-image');
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1800);
  await checkA11y(bob, 'full-size viewer');
  const download = viewer.getByRole('link', { name: /^Download fox-portrait-delivery-\d+-1\.webp$/ });
  const res = await bob.request.get((await download.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toMatch(
    /^attachment; filename="fox-portrait-delivery-\d+-1\.webp"$/,
  );
  await bob.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // He sends it back once, saying what to change: revision 1 of 2.
  await bob.getByRole('button', { name: 'Send back' }).click();
  const back = bob.getByRole('dialog', { name: 'Send back for changes' });
  await expect(back).toContainText('This starts revision 1 of 2.');
  await back.getByRole('button', { name: 'Send back' }).click();
  await expect(back.getByText('Tell the artist what to change')).toBeVisible();
  await checkA11y(bob, 'send back dialog');
  await back.getByLabel('What should change?').fill('More snow, please.');
  await back.getByRole('button', { name: 'Send back' }).click();
  await expect(back).toBeHidden();
  await expect(bob.getByText('revision 1 of 2', { exact: true })).toBeVisible();

  // Ann sees what to change and delivers again.
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Sent back: revision 1 of 2' })).toContainText(
    'More snow, please.',
  );
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Deliver the finished work' });
  await again
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'fox-snow.png', mimeType: 'image/png', buffer: await png(1600, 1600, '#ecf0f1') },
    ]);
  await expect(again.getByRole('button', { name: 'Deliver', exact: true })).toBeEnabled();
  await again.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(again).toBeHidden();

  // Bob approves after confirming that approving is final.
  await bob.reload();
  await expect(bob.getByRole('listitem', { name: 'Delivery 2 (revision 1 of 2)' })).toBeVisible();
  await bob.getByRole('button', { name: 'Approve' }).click();
  const confirm = bob.getByRole('dialog', { name: 'Approve the delivered work?' });
  await expect(confirm).toContainText('Approving is final');
  await checkA11y(bob, 'approve confirmation');
  await confirm.getByRole('button', { name: 'Approve, it is final' }).click();
  await expect(bob.getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Send back' })).toHaveCount(0);

  // E-mail for each event each one left on, linking to the order: Bob's deliveries (not his
  // status changes, which he turned off), Ann's send-back and approval.
  const toBob = await mailsContain(bobAccount.email, [
    `${ann.login} delivered “Fox portrait”: 2 files. Approve it or send it back`,
    `${ann.login} delivered “Fox portrait” again (revision 1 of 2): 1 file. Approve it or send it back`,
    orderPath,
  ]);
  expect(toBob).not.toContain('accepted your request');
  expect(toBob).not.toContain('started working');
  await mailsContain(ann.email, [
    `${bobAccount.login} sent “Fox portrait” back (revision 1 of 2): More snow, please.`,
    `${bobAccount.login} approved “Fox portrait”`,
    orderPath,
  ]);

  // Nobody else can open the order.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await registerByApi(stranger.request, 'eve');
  await stranger.goto(orderPath);
  await expect(stranger.getByText('This commission request does not exist')).toBeVisible();
  await checkA11y(stranger, 'order page, someone else');
  await strangerContext.close();
  await bobContext.close();
});
