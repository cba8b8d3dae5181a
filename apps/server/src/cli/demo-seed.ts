import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@brushline/shared/roles';
import type { Db } from '../db/client.ts';
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
  const created: { login: string; password: string; roles: Role[] }[] = [];
  for (const demo of DEMO) {
    if (await findUserByLogin(db, demo.login)) continue;
    const password = newToken().slice(0, 14);
    await db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        login: demo.login,
        email: demo.email,
        passwordHash: await hashPassword(password),
      });
      for (const role of demo.roles) await grantRole(tx, id, role);
    });
    created.push({ login: demo.login, password, roles: demo.roles });
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

export async function seedDemoIfEmpty(db: Db, log: Pick<FastifyBaseLogger, 'info'>) {
  if ((await countUsers(db)) === 0) await seedDemo(db, log);
}
