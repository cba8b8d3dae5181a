import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

/** A 1200×1600 portrait, like the upload the issue was found with. */
const portrait = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#8e44ad' } })
    .png()
    .toBuffer();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function postPortrait(page: Page, text: string) {
  await page.goto('/feed');
  const creator = page.getByRole('region', { name: 'New post' });
  await creator.getByLabel('New post').fill(text);
  await creator
    .locator('input[type=file]')
    .setInputFiles([{ name: 'portrait.png', mimeType: 'image/png', buffer: await portrait() }]);
  await expect(creator.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  await creator.getByRole('button', { name: 'Post', exact: true }).click();
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`a one-line post with a portrait is shown whole, the viewer zooms it, toasts keep clear of the header (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const ann = await registerByApi(page.request, 'view');
    const text = `One portrait ${Date.now()}`;
    await postPortrait(page, text);

    // The "Posted!" toast does not cover the bell or the account menu.
    const toast = page.getByRole('alert').filter({ hasText: 'Posted!' });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const control of [
      page.getByRole('button', { name: 'Notifications', exact: true }),
      page.getByRole('banner').getByRole('button').last(),
    ]) {
      expect(overlap(toastBox, (await control.boundingBox())!)).toBe(false);
    }

    const post = page.getByRole('article', { name: `Post by ${ann.login}` }).filter({ hasText: text });
    const picture = post.getByRole('button', { name: 'Open image 1 of 1' });
    await expect(picture).toBeVisible();
    // Not collapsed: no "Show more", and the whole picture is inside the post.
    await expect(post.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    const img = picture.locator('img');
    await expect(img).toHaveJSProperty('complete', true);
    const shown = (await img.boundingBox())!;
    expect(shown.height).toBeGreaterThan(200);
    expect(shown.y + shown.height).toBeLessThanOrEqual(
      (await post.boundingBox())!.y + (await post.boundingBox())!.height,
    );
    await checkA11y(page, 'feed with a portrait post and a toast');

    // The viewer fits the picture to the screen, zooms in, and links the original.
    await picture.click();
    const viewer = page.getByRole('dialog', { name: 'Image' });
    const full = viewer.getByRole('img', { name: 'Image 1 of 1' });
    await expect(full).toHaveJSProperty('complete', true);
    const fitted = (await full.boundingBox())!;
    // Fitted: as big as the screen allows (its height fills the space above the buttons).
    expect(fitted.height).toBeGreaterThan(viewport.height * 0.55);
    expect(fitted.width).toBeLessThanOrEqual(viewport.width);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    // The zoom reads as a share of the original's pixels.
    await expect(viewer.getByLabel(/^Zoom \d+% of the original$/)).toBeVisible();
    await checkA11y(page, 'image viewer, zoomed in');
    await expect.poll(async () => (await full.boundingBox())!.height).toBeGreaterThan(fitted.height * 1.3);
    await viewer.getByRole('button', { name: 'Fit to the screen' }).click();
    await expect(viewer.getByLabel('Zoom: fitted to the screen')).toBeVisible();
    const original = viewer.getByRole('link', { name: 'Open the original, 1200 × 1600, in a new tab' });
    const href = (await original.getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    const meta = await sharp(await file.body()).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  });
}
