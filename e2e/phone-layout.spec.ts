import { expect, test } from '@playwright/test';
import { paths } from '@brushline/shared/paths';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

// Pages with long words or wide content that once made a phone scroll sideways.
const pages = [paths.policyRu, paths.policyEn, paths.terms, paths.login, paths.register, paths.feed];

test('public pages fit a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(390);
    await checkA11y(page, `${path} on a phone`);
  }
});

test('on a phone a visitor reaches artists, gallery and requests from the header menu, and the theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(paths.feed);
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await menu.click();
  const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect(list.getByRole('link')).toHaveText(['Artists', 'Gallery', 'Requests']);
  await checkA11y(page, 'visitor menu on a phone');
  await list.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(list).toBeHidden();
  // By keyboard: Enter opens it, Tab walks its links to the theme switch, Escape closes it.
  await menu.press('Enter');
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: 'Artists' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const before = await page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .not.toBe(before);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(menu).toBeFocused();
});

test('on a phone a signed-in buyer finds artists in the header menu, and the CRM tabs show there are more', async ({
  page,
}) => {
  const me = await registerByApi(page.request, 'phone');
  // An artist has all seven CRM tabs: wider than a phone.
  const settings = await page.request.patch(`/api/user/update/settings/id/${me.id}`, {
    data: { id: me.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(paths.feed);
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toBeVisible();
  // Signed in, the header once showed only Feed: the rest hid in the avatar's account menu.
  await menu.click();
  const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect(list.getByRole('link')).toHaveText(['Artists', 'Gallery', 'Requests', 'CRM', 'Wiki']);
  await expect(list.getByRole('button', { name: /theme$/ })).toBeVisible();
  await checkA11y(page, 'main menu, signed in, on a phone', { schemes: ['light', 'dark'] });
  await list.getByRole('link', { name: 'Artists' }).click();
  await expect(page).toHaveURL(/\/artists$/);
  await expect(list).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the header is ${width} px wide`).toBeLessThanOrEqual(390);
  // The account menu keeps to the account.
  await banner.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Log out']);
  await page.keyboard.press('Escape');

  // The CRM tabs: the current one in view, an arrow and a fade where more tabs wait.
  await page.goto('/crm/outgoing/orders');
  const tabs = page.getByRole('tablist', { name: 'CRM sections' });
  await expect(tabs.getByRole('tab', { name: 'Outgoing', selected: true })).toBeInViewport({ ratio: 1 });
  await expect(tabs.getByRole('tab', { name: 'Tracker' })).not.toBeInViewport({ ratio: 1 });
  const earlier = page.getByRole('button', { name: 'Show earlier tabs' });
  await expect(earlier).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more tabs' })).toBeHidden();
  await checkA11y(page, 'CRM tabs scrolled to the last on a phone', { schemes: ['light', 'dark'] });
  await page.screenshot({ path: test.info().outputPath('crm-tabs-390.png') });
  // axe's pass at 1280 px (every tab fits there) scrolled the row back to its start: load afresh.
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Outgoing', selected: true })).toBeInViewport({ ratio: 1 });
  await earlier.click();
  await expect(tabs.getByRole('tab', { name: 'Tracker' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Show more tabs' })).toBeVisible();
  // A laptop shows every tab: no arrows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs.getByRole('tab', { name: 'Outgoing' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Show (earlier|more) tabs$/ })).toHaveCount(0);
});
