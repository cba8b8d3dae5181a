import { adminCommand } from './admin-command.ts';
import { openConfiguredDatabase } from './open-db.ts';

const database = await openConfiguredDatabase();
try {
  const { code, out } = await adminCommand(database.db, process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exitCode = code;
} finally {
  await database.close();
}
