import { expect, test, type Locator } from '@playwright/test';

/** The outline a focused element shows, as the browser computes it. */
const outlineOf = (el: Locator) =>
  el.evaluate((node) => {
    // e2e/ compiles without the DOM library, hence the type.
    const { getComputedStyle } = globalThis as unknown as {
      getComputedStyle(el: unknown): { outlineStyle: string; outlineWidth: string };
    };
    const style = getComputedStyle(node);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });

for (const width of [1280, 390]) {
  test(`at ${width} px, "Skip to content" is the first stop of Tab and moves focus past the header`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // A page that focuses no field of its own on arrival (the account forms focus their first).
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).not.toBeInViewport();

    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect(await outlineOf(skip)).toEqual({ style: 'solid', width: '2px' });

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/terms$/);
    // The next stop is the page's own first link, not the header's.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
    await expect(page.getByRole('banner').locator(':focus')).toHaveCount(0);
  });
}

test('a text field reached by the keyboard shows a 2 px focus ring, not only a border colour', async ({
  page,
}) => {
  await page.goto('/register');
  // The form focuses Login on arrival; Tab moves on to E-mail.
  await expect(page.getByLabel('Login')).toBeFocused();
  const field = page.getByLabel('E-mail');
  expect((await outlineOf(field)).style).toBe('none');
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  expect(await outlineOf(field)).toEqual({ style: 'solid', width: '2px' });

  // Buttons and links too.
  const signIn = page.getByRole('main').getByRole('button', { name: 'Create account' });
  await signIn.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(signIn).toBeFocused();
  expect(await outlineOf(signIn)).toEqual({ style: 'solid', width: '2px' });
});

test('a first anonymous visit to /feed logs no error in the console, and asks who is signed in without a 401', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const check = page.waitForResponse((r) => r.url().endsWith('/api/sessioncheck'));
  await page.goto('/feed');
  expect((await check).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('every page has a title of its own, also after moving between pages in the app', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Brushline');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Create account · Brushline');
  await page.getByRole('link', { name: 'Terms of use', exact: true }).click();
  await expect(page).toHaveTitle('Terms of use · Brushline');
  await page.getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveTitle('Feed · Brushline');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Brushline');
});
