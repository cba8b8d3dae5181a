import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { paths, type PathName } from '../packages/shared/src/paths.ts';
import { PRODUCT_NAME } from '../packages/shared/src/site.ts';
import { visitedFile, type Visit } from './a11y.ts';

/**
 * Runs after every other spec of the run (project "a11y-coverage" depends on "chromium" in
 * playwright.config.ts) and reads what checkA11y noted: every screen of the paths table must
 * have been checked by axe, and screens must be told apart by their titles.
 */

/** Paths that never show a screen of their own, and why. */
const notScreens: Partial<Record<PathName, string>> = {
  crm: 'redirects to the first CRM tab the user has (app/crm/crm-routes.test.tsx)',
  crmRequestsTracking: 'redirects to incoming (artists) or outgoing tracking (app/crm/crm-routes.test.tsx)',
};

/** Two spellings of one screen (SPEC §2), which share a title. */
const sameScreen: PathName[][] = [['feed', 'hubFeed']];

function visits(): Visit[] {
  const file = visitedFile();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Visit);
}

test('axe checked every screen of the paths table, and the 404 screen', () => {
  const seen = new Set(visits().map((v) => v.route));
  const missing = (Object.keys(paths) as PathName[]).filter((name) => !notScreens[name] && !seen.has(name));
  expect(missing, 'screens no journey or e2e/a11y-walk.spec.ts ran checkA11y on').toEqual([]);
  expect(seen.has('notFound'), 'the 404 screen').toBe(true);
});

test('every checked screen has a title of its own', () => {
  const all = visits();
  expect(all.length).toBeGreaterThan(0);
  const group = (route: Visit['route']) =>
    sameScreen.find((g) => g.includes(route as PathName))?.[0] ?? route;
  const routesByTitle = new Map<string, Set<string>>();
  for (const v of all) {
    if (v.route !== 'home') {
      expect(v.title, `${v.screen} (${v.route})`).toMatch(new RegExp(`^.+ · ${PRODUCT_NAME}$`));
    }
    routesByTitle.set(v.title, (routesByTitle.get(v.title) ?? new Set()).add(group(v.route)));
  }
  const shared = [...routesByTitle]
    .filter(([, routes]) => routes.size > 1)
    .map(([t, r]) => `${t}: ${[...r].join(', ')}`);
  expect(shared, 'titles that more than one screen uses').toEqual([]);
});
