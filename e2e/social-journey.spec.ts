import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

const png = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('post two images, another user likes the post, the bell counts it live', async ({ page, browser }) => {
  const ann = await registerByApi(page.request, 'ann');

  await page.goto('/feed');
  const creator = page.getByRole('region', { name: 'New post' });
  await expect(creator).toBeVisible();
  await checkA11y(page, 'feed, signed in');
  const text = `Fresh sketches ${Date.now()}`;
  await creator.getByLabel('New post').fill(text);
  await creator.locator('input[type=file]').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png('#e67e22') },
    { name: 'two.png', mimeType: 'image/png', buffer: await png('#2980b9') },
  ]);
  await expect(creator.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expect(creator.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  await checkA11y(page, 'post creator with two images');
  await creator.getByRole('button', { name: 'Post', exact: true }).click();

  const post = page.getByRole('article', { name: `Post by ${ann.login}` }).filter({ hasText: text });
  await expect(post).toBeVisible();
  await expect(post.getByRole('button', { name: /^Open image \d of 2$/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await checkA11y(page, 'feed with a new post');

  // A second person, in a browser context of their own, likes the post.
  const other = await browser.newContext();
  const bobPage = await other.newPage();
  await registerByApi(bobPage.request, 'bob');
  await bobPage.goto('/feed');
  const seen = bobPage.getByRole('article', { name: `Post by ${ann.login}` }).filter({ hasText: text });
  await seen.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(seen.getByRole('button', { name: 'Unlike (1 like)' })).toBeVisible();
  await checkA11y(bobPage, 'feed, a liked post');

  // Ann's page was not reloaded: the hub pushes the notification and the bell counts it.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText(/liked your post/).first()).toBeVisible();
  await checkA11y(page, 'notification bell, one unread');
  await other.close();

  // The notification opens the post's own page, which a link preview also describes.
  await page
    .getByText(/liked your post/)
    .first()
    .click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  const own = page.getByRole('article', { name: `Post by ${ann.login}` });
  await expect(own.getByText(text)).toBeVisible();
  await expect(own.getByRole('button', { name: 'Like (1 like)' })).toBeVisible();
  await checkA11y(page, 'post page');
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(`<meta property="og:description" content="${text}" />`);
});

test('connect, rename and delete a social link, and see it on the profile', async ({ page }) => {
  const ann = await registerByApi(page.request, 'soc');
  await page.goto('/settings/socials');
  await page.getByRole('button', { name: 'Add new social link' }).click();
  await page.getByLabel('Title').fill('My art');
  await page.getByLabel('Link').fill('http://www.artstation.com/ann');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid link')).toBeVisible();
  await checkA11y(page, 'settings: socials, invalid link');

  await expect(page.getByRole('button', { name: 'Use https://' })).toBeVisible();

  // Typed without a scheme: refused the same way, with the fix offered; it changes the field when asked.
  await page.getByLabel('Link').fill('www.artstation.com/ann-draws-a-great-many-things');
  await page.getByRole('button', { name: 'Save' }).click();
  const addHttps = page.getByRole('button', { name: 'Add https://' });
  await expect(addHttps).toBeVisible();
  await checkA11y(page, 'settings: socials, link offered https://');
  await addHttps.click();
  await expect(page.getByLabel('Link')).toHaveValue(
    'https://www.artstation.com/ann-draws-a-great-many-things',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Social created')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('My art');
  await page.getByLabel('Title').fill('ArtStation portfolio');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Social updated')).toBeVisible();
  await checkA11y(page, 'settings: socials, saved');

  await page.goto(`/profile/${ann.login}/home`);
  const chip = page.getByRole('link', { name: /ArtStation portfolio/ });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('href', 'https://www.artstation.com/ann-draws-a-great-many-things');
  await expect(chip).toContainText('…');
  await checkA11y(page, 'profile with a social link');

  await page.goto('/settings/socials');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete link' })).toBeVisible();
  await checkA11y(page, 'delete social link confirmation');
  await page.getByRole('button', { name: 'Delete link' }).click();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await page.goto(`/profile/${ann.login}/home`);
  await expect(page.getByRole('link', { name: /ArtStation portfolio/ })).toHaveCount(0);
});
