import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
import type { Deps } from '../platform/deps.ts';
import { seedDemoContent } from './demo-content.ts';
import { hashPassword } from '../platform/passwords.ts';
import { newToken } from '../platform/tokens.ts';
import { countUsers, findUserByLogin, grantRole, insertUser } from '../modules/users/users.repo.ts';

const DEMO: { login: string; email: string; roles: Role[] }[] = [
  { login: 'demo_artist', email: 'artist@demo.brushline.example', roles: ['artist'] },
  { login: 'demo_client', email: 'client@demo.brushline.example', roles: [] },
  { login: 'demo_admin', email: 'admin@demo.brushline.example', roles: ['admin'] },
];

/** Creates the demo accounts that do not exist yet, with fresh random passwords printed once. */
export async function seedDemo(db: Db, log: Pick<FastifyBaseLogger, 'info'>) {
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
      return userId;
    });
    created.push({ id, login: demo.login, password, roles: demo.roles });
  }
  if (created.length > 0) {
    const lines = created.map(
      (c) =>
        `  ${c.login.padEnd(12)} password: ${c.password}${c.roles.length ? `  (${c.roles.join(', ')})` : ''}`,
    );
    log.info(`Demo accounts created. These passwords are shown only once:\n${lines.join('\n')}`);
  }
  return created;
}

/** Demo accounts, and when they are new, their demo posts, commission card and request. */
export async function seedDemoWithContent(deps: Deps, log: Pick<FastifyBaseLogger, 'info'> = deps.log) {
  const created = await seedDemo(deps.db, log);
  const artist = created.find((c) => c.login === 'demo_artist');
  const client = created.find((c) => c.login === 'demo_client');
  if (artist && client) await seedDemoContent(deps, { artist, client });
  return created;
}

export async function seedDemoIfEmpty(deps: Deps) {
  if ((await countUsers(deps.db)) === 0) await seedDemoWithContent(deps);
}
