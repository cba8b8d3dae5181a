import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { matchPath, type PathName } from '../packages/shared/src/paths.ts';

/**
 * The two widths every screen is checked at: a laptop and a phone (docs/decisions/0012-accessibility.md).
 * Heights are the usual ones for those widths; axe does not depend on them.
 */
export const A11Y_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Where checkA11y notes each screen it checked, for e2e/a11y-coverage.spec.ts (one run shares it). */
export const visitedFile = () => join(process.env.E2E_DATA_DIR!, 'a11y-visited.jsonl');

/** One checked screen: the route of the paths table it was on (or the 404 screen) and its title. */
export interface Visit {
  route: PathName | 'notFound';
  screen: string;
  title: string;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** A readable list: one block per rule, the worst first, with the elements axe names. */
export function formatViolations(violations: AxeResults['violations']): string {
  const rank = { critical: 0, serious: 1, moderate: 2, minor: 3 } as Record<string, number>;
  return [...violations]
    .sort((a, b) => (rank[a.impact ?? 'minor'] ?? 4) - (rank[b.impact ?? 'minor'] ?? 4))
    .map((v) => {
      const nodes = v.nodes.slice(0, 8).map((n) => {
        const why = n.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
        return `    ${n.target.join(' ')}${why ? `  — ${why}` : ''}`;
      });
      const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : [];
      return [`  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length})`, ...nodes, ...more].join(
        '\n',
      );
    })
    .join('\n');
}

interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
}

/** What a page shows while its data is on the way: a spinner, or a region that says it is busy. */
const LOADING = '.mantine-Loader-root:visible, [aria-busy="true"]';

/**
 * Waits until the page has loaded what it shows and nothing moves: no spinner or busy region (a
 * scan of a list's spinner sees none of its rows: their pictures and colours went unchecked), and
 * no CSS transition or animation (a modal fading in has half its contrast).
 */
async function settle(page: Page) {
  await expect(
    page.locator(LOADING),
    'still loading: axe would check the spinner, not the content',
  ).toHaveCount(0);
  // Endless animations (a loader) do not count. e2e/ compiles without the DOM library, hence the type.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The schemes a reader may see the app in: their system's or the header's switch decides. */
export type Scheme = 'light' | 'dark';

/** Shows the page in `scheme` (Mantine keys every colour on this attribute of <html>). */
const showScheme = (page: Page, scheme: string) =>
  page.locator('html').evaluate((el, value) => {
    (el as unknown as { setAttribute(name: string, value: string): void }).setAttribute(
      'data-mantine-color-scheme',
      value,
    );
  }, scheme);

/**
 * One axe run in the page itself (legacy mode: no blank page opened to finish each run; the app
 * has no cross-origin frames), reporting violations only (axe then skips gathering every passing
 * node). 29 Nov: 0.6 s a scan against 1.7 s with the defaults, same violations.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();

async function scan(page: Page, scheme?: Scheme) {
  await settle(page);
  if (!scheme) return (await axe(page)).violations;
  // Set on the page only: the app's own choice (stored by the header's switch) is left untouched.
  const before = (await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light';
  try {
    await showScheme(page, scheme);
    return (await axe(page)).violations;
  } finally {
    await showScheme(page, before);
  }
}

/**
 * Runs axe-core (every rule it enables by default: WCAG 2.x A/AA and best practices) on the page
 * as it is now, open dialogs included, once it has loaded (settle), at the current width, then at
 * the other of 1280 and 390 px, and puts the viewport back. Fails with the violations of both
 * widths, rule by rule. With `schemes`, each width is checked in each of those colour schemes
 * instead of the one shown. Every journey calls it on every screen it shows
 * (docs/decisions/0012-accessibility.md).
 */
export async function checkA11y(page: Page, screen: string, { schemes }: { schemes?: Scheme[] } = {}) {
  await test.step(`axe: ${screen}`, async () => {
    const start = page.viewportSize() ?? A11Y_VIEWPORTS[0];
    const first = start.width <= 600 ? A11Y_VIEWPORTS[1] : A11Y_VIEWPORTS[0];
    const second = first === A11Y_VIEWPORTS[0] ? A11Y_VIEWPORTS[1] : A11Y_VIEWPORTS[0];
    const report: string[] = [];
    try {
      for (const size of [first, second]) {
        if (size !== first) await page.setViewportSize(size);
        for (const scheme of schemes ?? [undefined]) {
          const violations = await scan(page, scheme);
          const where = scheme ? `at ${size.width} px, ${scheme} scheme` : `at ${size.width} px`;
          if (violations.length > 0) report.push(`${where}:\n${formatViolations(violations)}`);
        }
      }
    } finally {
      await page.setViewportSize(start);
    }
    const visit: Visit = {
      route: matchPath(new URL(page.url()).pathname)?.name ?? 'notFound',
      screen,
      title: await page.title(),
    };
    appendFileSync(visitedFile(), `${JSON.stringify(visit)}\n`);
    if (report.length > 0) {
      throw new Error(
        `axe found accessibility violations on "${screen}" (${page.url()}):\n${report.join('\n')}`,
      );
    }
  });
}
