import type { Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
import type { Deps } from '../platform/deps.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoGallery } from './demo-gallery.ts';
import { seedDemoModeration } from './demo-moderation.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { seedDemoTags } from './demo-tags.ts';
import { hashPassword } from '../platform/passwords.ts';
import { newToken } from '../platform/tokens.ts';
import { countUsers, findUserByLogin, grantRole, insertUser } from '../modules/users/users.repo.ts';
import { keepAllOnSite } from '../modules/email/email-preferences.service.ts';

const DEMO: { login: string; email: string; roles: Role[] }[] = [
  { login: 'demo_artist', email: 'artist@demo.brushline.example', roles: ['artist'] },
  { login: 'demo_client', email: 'client@demo.brushline.example', roles: [] },
  { login: 'demo_admin', email: 'admin@demo.brushline.example', roles: ['admin'] },
  // A second artist, so the artists list (decision 0017) has more than one card to filter.
  { login: 'demo_painter', email: 'painter@demo.brushline.example', roles: ['artist'] },
  // Suspended by demo_admin (the admin area's demo, decision 0022).
  { login: 'demo_spammer', email: 'spammer@demo.brushline.example', roles: [] },
];

export interface DemoAccount {
  id: string;
  login: string;
  password: string;
  roles: Role[];
}

/** Creates the demo accounts that do not exist yet, with fresh random passwords (shown once, by the caller). */
export async function seedDemo(db: Db): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const demo of DEMO) {
    if (await findUserByLogin(db, demo.login)) continue;
    const password = newToken().slice(0, 14);
    const id = await db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        login: demo.login,
        email: demo.email,
        passwordHash: await hashPassword(password),
      });
      for (const role of demo.roles) await grantRole(tx, userId, role);
      // Their addresses are not real: nothing is mailed to them unless someone switches it on.
      await keepAllOnSite({ db: tx }, { id: userId });
      return userId;
    });
    created.push({ id, login: demo.login, password, roles: demo.roles });
  }
  return created;
}

/**
 * The new demo accounts as a block of plain lines for the terminal, printed straight to stdout
 * after the server is ready (not as a log entry: in a JSON log the passwords would sit in one long
 * line of escaped newlines, and anything printed before "ready" scrolls away). Empty when none.
 */
export function demoAccountsBlock(created: readonly DemoAccount[], signInUrl: string): string[] {
  if (created.length === 0) return [];
  const width = Math.max(...created.map((c) => c.login.length)) + 2;
  const rule = '-'.repeat(64);
  return [
    '',
    rule,
    'Demo accounts created. Their passwords are shown only this once:',
    '',
    ...created.map(
      (c) =>
        `  ${c.login.padEnd(width)}password: ${c.password}${c.roles.length ? `  (${c.roles.join(', ')})` : ''}`,
    ),
    '',
    `Sign in at ${signInUrl}`,
    rule,
    '',
  ];
}

/** Demo accounts, and when they are new, their demo posts, commission cards, orders, public requests, galleries, reviews and staff actions; demo tags. */
export async function seedDemoWithContent(deps: Deps) {
  const created = await seedDemo(deps.db);
  if (created.length > 0) deps.log.info({ logins: created.map((c) => c.login) }, 'demo accounts created');
  const artist = created.find((c) => c.login === 'demo_artist');
  const client = created.find((c) => c.login === 'demo_client');
  const admin = created.find((c) => c.login === 'demo_admin');
  if (artist && client) await seedDemoContent(deps, { artist, client, admin });
  // The wiki's vocabulary, whenever it is still empty (also on a database seeded before tags existed).
  await seedDemoTags(deps);
  // Requests carry wiki tags, so they come after the vocabulary.
  if (artist && client) await seedDemoRequests(deps, { artist, client });
  // Gallery images and display cards carry wiki tags too.
  const painter = created.find((c) => c.login === 'demo_painter');
  if (artist && painter) await seedDemoGallery(deps, { artist, painter });
  // Done orders and their reviews need both artists' cards.
  if (artist && client && painter) await seedDemoReviews(deps, { artist, client, painter });
  const spammer = created.find((c) => c.login === 'demo_spammer');
  if (admin && artist && spammer) await seedDemoModeration(deps, { admin, artist, spammer, painter, client });
  return created;
}

/** On an empty database: the demo accounts and content. Answers the accounts created (none otherwise). */
export async function seedDemoIfEmpty(deps: Deps): Promise<DemoAccount[]> {
  return (await countUsers(deps.db)) === 0 ? seedDemoWithContent(deps) : [];
}
