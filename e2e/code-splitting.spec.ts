import { readdirSync, readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { initialChunks, type ManifestChunk } from '../apps/web/scripts/initial-chunks.mjs';
import { checkA11y } from './a11y.ts';

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
  await checkA11y(page, 'feed, signed out');

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
  await checkA11y(page, 'terms');
});

test('scripts arrive as the brotli copies made at build time, cached for good', async ({ request }) => {
  // The largest script every page loads (the entry itself may be a few bytes that import it).
  const entry = manifest['index.html']!;
  const file = [entry.file, ...(entry.imports ?? []).map((key) => manifest[key]!.file)].sort(
    (a, b) => statSync(`apps/web/dist/${b}`).size - statSync(`apps/web/dist/${a}`).size,
  )[0]!;
  const res = await request.get(`/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.headers()['content-encoding']).toBe('br');
  // The very bytes of the .br file: compressed once by the build, not again per request.
  expect(Number(res.headers()['content-length'])).toBe(statSync(`apps/web/dist/${file}.br`).size);
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('every Mantine class the scripts use has its style sheet (apps/web/src/app/mantine-styles.ts)', () => {
  const assets = 'apps/web/dist/assets';
  const text = (ext: string) =>
    readdirSync(assets)
      .filter((f) => f.endsWith(ext))
      .map((f) => readFileSync(`${assets}/${f}`, 'utf8'))
      .join('\n');
  const css = text('.css');
  const used = new Set(text('.js').match(/\bm_[0-9a-f]{6,8}\b/g));
  // A class (.m_x) or an animation (@keyframes m_x) of Mantine's.
  const missing = [...used].filter((name) => !new RegExp(`(\\.|@keyframes )${name}\\b`).test(css));
  expect(missing).toEqual([]);
});
