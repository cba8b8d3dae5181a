import { expect, test } from '@playwright/test';
import { paths } from '@brushline/shared/paths';
import { checkA11y } from './a11y.ts';

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
