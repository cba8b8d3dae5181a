import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { ok } from './commissions.ts';

/**
 * Galleries and finding artists (decision 0017): an artist makes a folder, uploads a tagged image,
 * builds a display card; an anonymous visitor finds the artist on /artists by a parent tag and opens
 * the commission card with its example folder; a reader who hides that tag no longer sees the card.
 * Every screen is checked by axe at 1280 and 390 px.
 */
const png = (colour: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function galleryImage(request: APIRequestContext, colour: string, folderId: string, tags: string[]) {
  const media = (await ok(
    await request.post('/api/media?purpose=gallery', {
      multipart: { file: { name: 'art.png', mimeType: 'image/png', buffer: await png(colour) } },
    }),
  )) as { id: string };
  await ok(
    await request.post('/api/gallery/image', {
      data: { mediaId: media.id, folderId, tags, title: `Art ${colour}` },
    }),
  );
}

async function pickTag(page: Page, label: string, title: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(title.slice(0, -1));
  const option = page.getByRole('option', { name: new RegExp(title) }).first();
  await expect(option).toBeVisible();
  await option.click();
}

test('an artist builds a gallery and a display card; a visitor finds them by a parent tag; a reader hides it', async ({
  page,
  browser,
}) => {
  const artist = await registerByApi(page.request, 'gal');
  await ok(
    await page.request.patch(`/api/user/update/settings/id/${artist.id}`, {
      data: { displayNSFW: false, displayQuestionable: false, isArtist: true },
    }),
  );
  const stem = `g${Date.now().toString(36)}`;
  await ok(await page.request.post('/api/tag/create', { data: { title: `${stem}_animal` } }));
  await ok(
    await page.request.post('/api/tag/create', {
      data: { title: `${stem}_cat`, parentTags: [`${stem}_animal`] },
    }),
  );

  // The artist makes a folder and uploads a tagged image into it.
  await page.goto(`/profile/${artist.login}/gallery`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('gallery');
  await checkA11y(page, 'own gallery, empty');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Examples');
  await checkA11y(page, 'new folder dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Folder created')).toBeVisible();
  await page.getByRole('link', { name: /Examples/ }).click();
  await expect(page).toHaveURL(/\?folder=/);
  const folderId = new URL(page.url()).searchParams.get('folder')!;
  await page.getByRole('button', { name: 'Add image' }).click();
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: await png('#d35400') });
  await page.getByRole('textbox', { name: 'Description' }).fill('Orange cat');
  await pickTag(page, 'Tags (up to 15)', `${stem}_cat`);
  await checkA11y(page, 'add image dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Image saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Orange cat' })).toBeVisible();
  await galleryImage(page.request, '#16a085', folderId, [`${stem}_cat`]);
  await galleryImage(page.request, '#8e44ad', folderId, [`${stem}_cat`]);
  await page.reload();
  await checkA11y(page, 'own folder with images');

  // A commission card with this folder as its examples, then the display card.
  const card = (await ok(
    await page.request.post('/api/commissioncard/create', {
      data: {
        title: 'Cat portraits',
        startingPrice: 30,
        sections: [],
        isOpenComission: true,
        isCommissionsOpen: true,
        galleryFolder: folderId,
      },
    }),
  )) as { card: { uuid: string } };
  await page.goto(`/profile/${artist.login}/gallery`);
  const editor = page.getByRole('region', { name: 'Display card' });
  await pickTag(page, 'Card tags', `${stem}_cat`);
  for (const box of await editor.getByRole('checkbox').all()) await box.check();
  await checkA11y(page, 'display card editor');
  await editor.getByRole('button', { name: 'Create display card' }).click();
  await expect(page.getByText('Display card updated!')).toBeVisible();
  await expect(editor.getByText('Shown on the artists list.')).toBeVisible();

  // An anonymous visitor finds the artist by the parent tag and opens the card with its examples.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/feed');
  await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
  await expect(visitor).toHaveURL(/\/artists$/);
  await visitor.goto(`/artists?tags=${stem}_animal`);
  const found = visitor.getByRole('article', { name: new RegExp(artist.login) });
  await expect(found).toBeVisible();
  await checkA11y(visitor, 'artists filtered by a tag');
  await visitor.goto(`/artists?tags=${stem}_animal&maxPrice=5`);
  await expect(visitor.getByText(/No artist matches all of these filters/)).toBeVisible();
  await checkA11y(visitor, 'artists, no match');
  await visitor.goto(`/artists?tags=${stem}_animal`);
  await found.getByRole('link', { name: /Open cards of/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/profile/${artist.login}/cards$`));
  await checkA11y(visitor, 'profile cards');
  await visitor.getByRole('link', { name: /Cat portraits/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/commission/${card.card.uuid}$`));
  await expect(visitor.getByRole('heading', { name: 'Examples: Examples' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: /Example from Examples/ })).toHaveCount(3);
  await visitor.goto(`/profile/${artist.login}/gallery`);
  await checkA11y(visitor, 'profile gallery, signed out');
  await visitor.goto(`/gallery?tags=${stem}_animal`);
  await expect(visitor.getByRole('button', { name: 'Open Orange cat' })).toBeVisible();
  await checkA11y(visitor, 'main gallery');

  // A reader who hides the parent tag no longer sees the card.
  const readerPage = await (await browser.newContext()).newPage();
  await registerByApi(readerPage.request, 'hid');
  await readerPage.goto('/settings/hidden-tags');
  await pickTag(readerPage, 'Tags (up to 100)', `${stem}_animal`);
  await checkA11y(readerPage, 'hidden tags settings');
  await readerPage.getByRole('button', { name: 'Save' }).click();
  await expect(readerPage.getByText('Hidden tags saved')).toBeVisible();
  await readerPage.goto(`/artists?search=${artist.login}`);
  await expect(readerPage.getByText(/No artist matches all of these filters/)).toBeVisible();
});
