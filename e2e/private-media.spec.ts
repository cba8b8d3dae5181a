import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok, payUpFront } from './commissions.ts';

/**
 * Private uploads still show to the people allowed (docs/decisions/0004-media.md, "Who may fetch
 * what"): references on the order page for both sides, a hidden request's attachments for its
 * owner, an application's references for the request's owner, delivered files and chat pictures;
 * and a signed-in stranger or a signed-out visitor opening the same links gets 404.
 */
const png = (colour: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(request: APIRequestContext, purpose: string, colour: string): Promise<string> {
  const res = await request.post(`/api/media?purpose=${purpose}`, {
    multipart: { file: { name: `${purpose}.png`, mimeType: 'image/png', buffer: await png(colour) } },
  });
  return ((await ok(res)) as { id: string }).id;
}

/** The picture whose src is `src` is on the page and its bytes arrived (a refused one has no width). */
async function shows(page: Page, src: string) {
  const img = page.locator(`img[src="${src}"]`).first();
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

async function person(browser: Browser, prefix: string, artist = false) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerByApi(page.request, prefix);
  if (artist) {
    await ok(
      await page.request.patch(`/api/user/update/settings/id/${account.id}`, {
        data: { id: account.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
      }),
    );
  }
  return { page, account, close: () => context.close() };
}

const openCard = {
  infoProvidedByTheAuthor: 'Painted with care.',
  startingPrice: 40,
  sections: [],
  isOpenComission: true,
  isCommissionsOpen: true,
};

test('references, hidden request attachments, application references, deliveries and chat pictures show to the people allowed, and to nobody else', async ({
  browser,
}) => {
  const cleo = await person(browser, 'cleo');
  const ari = await person(browser, 'ari', true);
  const sam = await person(browser, 'sam');
  const anon = await (await browser.newContext()).newPage();
  const media = (id: string) => `/api/media/${id}/miniature`;

  // Cleo orders from Ari's card with a reference; Ari starts and delivers a file.
  const { card } = (await ok(
    await ari.page.request.post('/api/commissioncard/create', {
      data: { title: 'Owl portrait', ...openCard },
    }),
  )) as { card: { uuid: string } };
  const reference = await upload(cleo.page.request, 'reference', '#8e44ad');
  const { form } = (await ok(
    await cleo.page.request.post('/api/comissionform/send', {
      data: {
        cardUUID: card.uuid,
        description: 'An owl',
        chosen: [],
        totalPrice: 40,
        references: [reference],
      },
    }),
  )) as { form: { id: number; task: { id: number } } };
  await ok(await ari.page.request.put(`/api/task/${form.task.id}/accept`));
  await payUpFront(ari.page.request, cleo.page.request, form.id);
  await ok(await ari.page.request.put(`/api/task/${form.task.id}/start`));
  const delivered = await upload(ari.page.request, 'delivery', '#16a085');
  await ok(
    await ari.page.request.put(`/api/task/${form.task.id}/deliver`, {
      data: { files: [delivered], message: 'Done' },
    }),
  );
  const deliveredSrc = `/api/order/${form.id}/files/${delivered}/miniature`;
  for (const side of [cleo, ari]) {
    await side.page.goto(`/order/${form.id}`);
    await expect(side.page.getByRole('heading', { name: 'Owl portrait', level: 1 })).toBeVisible();
    await shows(side.page, media(reference));
    await shows(side.page, deliveredSrc);
  }
  await checkA11y(cleo.page, 'order page, buyer, delivered with references');

  // Cleo's hidden request with an attachment: its page and its editor show it to her.
  const attachment = await upload(cleo.page.request, 'reference', '#d35400');
  const hidden = (
    (await ok(
      await cleo.page.request.post('/api/request/create', {
        data: {
          title: 'A quiet owl',
          description: 'Only for me for now',
          typeOfWork: 'illustration',
          priceMin: 10,
          priceMax: 50,
          deadline: 20,
          attachedMedia: [attachment],
          tags: [],
          privacy: 'hidden',
        },
      }),
    )) as { request: { guid: string } }
  ).request;
  await cleo.page.goto(`/requests/${hidden.guid}`);
  await shows(cleo.page, media(attachment));
  await checkA11y(cleo.page, 'request page, owner, hidden with an attachment');
  await cleo.page.goto(`/crm/requests/editor/${hidden.guid}`);
  await shows(cleo.page, media(attachment));
  await checkA11y(cleo.page, 'request editor, hidden with an attachment');

  // Ari applies to Cleo's public request with a reference; Cleo sees it in her pending list.
  const open = (
    (await ok(
      await cleo.page.request.post('/api/request/create', {
        data: {
          title: 'A loud owl',
          description: 'For everyone',
          typeOfWork: 'illustration',
          priceMin: 10,
          priceMax: 50,
          deadline: 20,
          attachedMedia: [],
          tags: [],
          privacy: 'public',
        },
      }),
    )) as { request: { guid: string } }
  ).request;
  const applied = await upload(ari.page.request, 'reference', '#2c3e50');
  await ok(
    await ari.page.request.post(`/api/request/apply/${open.guid}`, {
      data: { cardUUID: card.uuid, comment: 'Owls are my thing', offeredPrice: 45, references: [applied] },
    }),
  );
  await cleo.page.goto('/crm/requests/pending');
  await cleo.page.getByRole('button', { name: /View/ }).first().click();
  await shows(cleo.page, media(applied));
  await checkA11y(cleo.page, 'pending applications, an application with a reference open');

  // A picture in a chat: the other member sees it in the room.
  const room = (await ok(
    await cleo.page.request.post('/api/chatroom/create', {
      data: { otherLogin: ari.account.login, type: 'casual' },
    }),
  )) as { id: number };
  const picture = await upload(cleo.page.request, 'chat', '#c0392b');
  await ok(
    await cleo.page.request.post(`/api/messages/chat/${room.id}`, {
      data: { clientId: crypto.randomUUID(), text: 'Look', attachments: [picture] },
    }),
  );
  await ari.page.goto(`/chat/${room.id}`);
  await shows(ari.page, `/api/chat/${room.id}/files/${picture}/miniature`);
  await checkA11y(ari.page, 'casual chat room with a picture');

  // Everyone else: the same links answer 404 (the public route as well as the dedicated ones).
  for (const outsider of [sam.page, anon]) {
    for (const id of [reference, attachment, applied, delivered, picture]) {
      expect((await outsider.request.get(media(id))).status(), id).toBe(404);
    }
  }
  expect((await sam.page.request.get(deliveredSrc)).status()).toBe(404);
  await Promise.all([cleo.close(), ari.close(), sam.close()]);
});
