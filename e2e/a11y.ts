import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
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

/** Waits until no CSS transition or animation runs (a modal fading in has half its contrast). */
async function settle(page: Page) {
  // Endless animations (a loader) do not count. e2e/ compiles without the DOM library, hence the type.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function scan(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations;
}

/**
 * Runs axe-core (every rule it enables by default: WCAG 2.x A/AA and best practices) on the page
 * as it is now, open dialogs included, at the current width, then at the other of 1280 and 390 px,
 * and puts the viewport back. Fails with the violations of both widths, rule by rule.
 * Every journey calls it on every screen it shows (docs/decisions/0012-accessibility.md).
 */
export async function checkA11y(page: Page, screen: string) {
  await test.step(`axe: ${screen}`, async () => {
    const start = page.viewportSize() ?? A11Y_VIEWPORTS[0];
    const first = start.width <= 600 ? A11Y_VIEWPORTS[1] : A11Y_VIEWPORTS[0];
    const second = first === A11Y_VIEWPORTS[0] ? A11Y_VIEWPORTS[1] : A11Y_VIEWPORTS[0];
    const report: string[] = [];
    try {
      for (const size of [first, second]) {
        if (size !== first) await page.setViewportSize(size);
        const violations = await scan(page);
        if (violations.length > 0) report.push(`at ${size.width} px:\n${formatViolations(violations)}`);
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
