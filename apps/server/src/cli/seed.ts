import { openConfiguredDatabase } from './open-db.ts';
import { seedDemo } from './demo-seed.ts';

const database = await openConfiguredDatabase();
try {
  const created = await seedDemo(database.db, { info: (msg: string) => console.log(msg) });
  if (created.length === 0) console.log('Demo accounts already exist; nothing to do.');
} finally {
  await database.close();
}
