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
