import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { initialChunks, type ManifestChunk } from '../apps/web/scripts/initial-chunks.mjs';

const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
  string,
  ManifestChunk
>;
const fileOf = (src: string) => manifest[src]!.file.replace(/^assets\//, '');

/** The script files (names under /assets) the page fetches from now on. */
function recordScripts(page: Page) {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) seen.add(url.pathname.slice(8));
  });
  return seen;
}

test('the feed loads only what the bundle budget counts: no card editor, no legal pages', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/feed');
  await expect(page.getByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
  await expect(page.getByText('There are no posts yet.').or(page.getByRole('article').first())).toBeVisible();
  await page.waitForLoadState('networkidle');

  const budget = new Set(
    initialChunks(manifest, ['src/features/posts/pages/feed-page.tsx']).files.map((f) =>
      f.replace(/^assets\//, ''),
    ),
  );
  // Anything fetched for the first render that the budget does not count would slip past it.
  expect([...scripts].filter((f) => !budget.has(f))).toEqual([]);
  for (const src of [
    'src/features/cards/pages/card-editor-page.tsx',
    'src/features/legal/pages/terms-page.tsx',
    'src/features/legal/pages/privacy-en-page.tsx',
  ]) {
    expect(scripts.has(fileOf(src)), src).toBe(false);
  }

  // The legal pages come when asked for: on the first visit to one, with the shell already up.
  await page.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.has(fileOf('src/features/legal/pages/terms-page.tsx'))).toBe(true);
});
