import type { Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
import type { Deps } from '../platform/deps.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoGallery } from './demo-gallery.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoTags } from './demo-tags.ts';
import { hashPassword } from '../platform/passwords.ts';
import { newToken } from '../platform/tokens.ts';
import { countUsers, findUserByLogin, grantRole, insertUser } from '../modules/users/users.repo.ts';
import { keepAllOnSite } from '../modules/email/email-preferences.service.ts';

const DEMO: { login: string; email: string; roles: Role[] }[] = [
  { login: 'demo_artist', email: 'artist@demo.brushline.example', roles: ['artist'] },
  { login: 'demo_client', email: 'client@demo.brushline.example', roles: [] },
  { login: 'demo_admin', email: 'admin@demo.brushline.example', roles: ['admin'] },
  // A second artist, so the artists list (issue 11) has more than one card to filter.
  { login: 'demo_painter', email: 'painter@demo.brushline.example', roles: ['artist'] },
];

/** Where the demo passwords go: one line per call. */
export type Print = (line: string) => void;

/**
 * Straight to stdout, beside the log: inside a JSON log entry the passwords would sit in one long
 * line of escaped newlines (issue 8 §5). One account a line, readable in any terminal or log view.
 */
export const printToStdout: Print = (line) => void process.stdout.write(`${line}\n`);

/** Creates the demo accounts that do not exist yet, with fresh random passwords printed once. */
export async function seedDemo(db: Db, print: Print = printToStdout) {
  const created: { id: string; login: string; password: string; roles: Role[] }[] = [];
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
  if (created.length > 0) {
    print('Demo accounts created. These passwords are shown only once:');
    for (const c of created)
      print(
        `  ${c.login.padEnd(12)} password: ${c.password}${c.roles.length ? `  (${c.roles.join(', ')})` : ''}`,
      );
  }
  return created;
}

/** Demo accounts, and when they are new, their demo posts, commission cards, orders, public requests and galleries; demo tags. */
export async function seedDemoWithContent(deps: Deps, print: Print = printToStdout) {
  const created = await seedDemo(deps.db, print);
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
  return created;
}

export async function seedDemoIfEmpty(deps: Deps) {
  if ((await countUsers(deps.db)) === 0) await seedDemoWithContent(deps);
}
