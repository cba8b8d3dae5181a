import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerByApi } from './accounts.ts';
import { checkA11y } from './a11y.ts';

/**
 * The screens no journey shows, checked with axe at 1280 and 390 px (e2e/a11y.ts). With the
 * journeys they cover every path of packages/shared/src/paths.ts: e2e/a11y-coverage.spec.ts says
 * which one is missing.
 */

// Each test makes its own accounts: the run's two browsers may share this file's walks.
test.describe.configure({ mode: 'parallel' });

const png = (colour: string, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(
  request: APIRequestContext,
  purpose: 'post' | 'avatar' | 'banner' | 'cardBanner' | 'cardThumbnail',
  colour: string,
) {
  const res = await request.post(`/api/media?purpose=${purpose}`, {
    multipart: {
      file: { name: `${purpose}.png`, mimeType: 'image/png', buffer: await png(colour, 640, 480) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function becomeArtist(request: APIRequestContext, id: string) {
  const res = await request.patch(`/api/user/update/settings/id/${id}`, {
    data: { id, displayNSFW: false, displayQuestionable: false, isArtist: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function createCard(request: APIRequestContext, title: string) {
  const res = await request.post('/api/commissioncard/create', {
    data: {
      title,
      infoProvidedByTheAuthor: 'Watercolour portraits, scanned at 600 dpi.',
      startingPrice: 25,
      sections: [
        {
          key: 'size',
          title: 'Size',
          type: 'radio',
          options: [
            { key: 'bust', option: 'Bust', price: 0, additional: '', order: 0 },
            { key: 'full', option: 'Full body', price: 20, additional: 'Up to two poses', order: 1 },
          ],
        },
        {
          key: 'extras',
          title: 'Extras',
          type: 'checkbox',
          options: [{ key: 'bg', option: 'Background', price: 10, additional: '', order: 0 }],
        },
      ],
      cardBanner: await upload(request, 'cardBanner', '#16a085'),
      thumbnailPicture: await upload(request, 'cardThumbnail', '#d35400'),
      isOpenComission: true,
      isCommissionsOpen: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { card: { uuid: string } }).card.uuid;
}

/** An artist with a picture, a banner, a post with two images and an open card. */
async function artistWithContent(page: Page) {
  const artist = await registerByApi(page.request, 'wal');
  await becomeArtist(page.request, artist.id);
  const profile = await page.request.patch('/api/user/profile', {
    data: {
      displayName: 'Wally Walker',
      avatarMediaId: await upload(page.request, 'avatar', '#2c3e50'),
      bannerMediaId: await upload(page.request, 'banner', '#8e44ad'),
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const post = await page.request.post('/api/post', {
    data: {
      postContent: 'Two studies of light on water',
      attachedMedia: [
        await upload(page.request, 'post', '#2980b9'),
        await upload(page.request, 'post', '#e67e22'),
      ],
      maturity: 'sfw',
    },
  });
  expect(post.status(), await post.text()).toBe(200);
  const postId = ((await post.json()) as { id: number }).id;
  const card = await createCard(page.request, 'Watercolour portrait');
  return { artist, postId, card };
}

test('signed out: home, feed, a post, a profile, a commission card, the forms, legal pages, 404', async ({
  page,
  browser,
}) => {
  // The content is made by a signed-in artist in a context of its own; this page stays anonymous.
  const artistContext = await browser.newContext();
  const { artist, postId, card } = await artistWithContent(await artistContext.newPage());
  await artistContext.close();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'home');

  await page.goto('/feed');
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkA11y(page, 'feed, signed out');
  await page.goto('/hub/feed');
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkA11y(page, 'hub feed');

  await page.goto(`/post/${postId}`);
  const post = page.getByRole('article', { name: /Post by/ });
  await expect(post).toBeVisible();
  await checkA11y(page, 'post page');
  await post.getByRole('button', { name: 'Open image 1 of 2' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkA11y(page, 'image viewer');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto(`/profile/${artist.login}/home`);
  await expect(page.getByRole('heading', { name: 'Wally Walker', level: 1 })).toBeVisible();
  await checkA11y(page, 'profile, signed out');

  await page.goto(`/commission/${card}`);
  await expect(page.getByRole('heading', { name: 'Watercolour portrait', level: 1 })).toBeVisible();
  await checkA11y(page, 'commission card, signed out');
  await page.goto(`/comission-form/${card}`);
  await expect(page.getByRole('heading', { name: 'Watercolour portrait', level: 1 })).toBeVisible();
  await checkA11y(page, 'order form, signed out');
  await page.goto('/commission/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'missing commission card');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await checkA11y(page, 'login with errors');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await checkA11y(page, 'register with errors');
  await page.goto('/reset');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'reset');

  for (const path of ['/policy/en', '/policy/ru', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkA11y(page, `legal ${path}`);
  }

  await page.goto('/unsubscribe/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'unsubscribe with a bad link');

  await page.goto('/no/such/page');
  await expect(page.getByLabel('404')).toBeVisible();
  await checkA11y(page, '404');
});

test('signed in: feed with the creator, notifications, settings, profile editor', async ({ page }) => {
  const { artist } = await artistWithContent(page);

  await page.goto('/feed');
  await expect(page.getByRole('region', { name: 'New post' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkA11y(page, 'feed, signed in');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkA11y(page, 'account menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkA11y(page, 'notification bell, empty');
  await page.keyboard.press('Escape');

  // Their own post: another walk's artist (same display name) may have posted since.
  const post = page.getByRole('article', { name: /Post by/ }).filter({ hasText: `@${artist.login}` });
  await post.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkA11y(page, 'delete post confirmation');
  await page.keyboard.press('Escape');

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'notifications, empty');

  await page.goto(`/profile/${artist.login}/home`);
  await expect(page.getByRole('heading', { name: 'Wally Walker', level: 1 })).toBeVisible();
  await checkA11y(page, 'own profile');
  await page.getByRole('button', { name: /Edit profile/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkA11y(page, 'edit profile dialog');
  await page.keyboard.press('Escape');

  await page.goto('/settings/general');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'settings: general');
  await page.goto('/settings/socials');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'settings: socials, none yet');
  await page.goto('/settings/notifications');
  await expect(page.getByRole('radiogroup').first()).toBeVisible();
  await checkA11y(page, 'settings: notifications');
});

test('signed in: own commission card, empty CRM tabs, card editor', async ({ page }) => {
  const { card } = await artistWithContent(page);

  await page.goto(`/commission/${card}`);
  await expect(page.getByRole('heading', { name: 'Watercolour portrait', level: 1 })).toBeVisible();
  await checkA11y(page, 'own commission card');

  await page.goto('/crm/pending/new');
  await expect(page.getByText('There is nothing new yet..')).toBeVisible();
  await checkA11y(page, 'CRM incoming, empty');
  await page.goto('/crm/pending/active');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await checkA11y(page, 'CRM active, empty');
  await page.goto('/crm/outgoing/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await checkA11y(page, 'CRM outgoing, empty');
  await page.goto('/crm/cards');
  await expect(page.getByRole('link', { name: 'View Watercolour portrait' })).toBeVisible();
  await checkA11y(page, 'CRM cards');
  await page.goto(`/crm/cards/card-edit/${card}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Watercolour portrait');
  await checkA11y(page, 'card editor, editing');
  for (const [path, name] of [
    ['/crm/tracker', 'CRM tracker'],
    ['/crm/requests/active', 'CRM requests'],
    ['/crm/requests/tracking', 'CRM requests tracking'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await checkA11y(page, name);
  }
});
