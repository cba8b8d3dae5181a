// The app for one PostgreSQL bench, in a process of its own (forked by fresh-postgres.ts's `serve`):
// the load generator then has its own event loop, as clients do, instead of sharing the server's.
// Told the database URL, data folder and name by its parent; answers `{ base }` when listening and
// closes the app and its database when sent 'close'.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { serveBench } from './fresh-postgres.ts';

const [url, dataDir, name] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ url });
const { app, base } = await serveBench(database, dataDir, name);
process.on('message', (message) => {
  if (message !== 'close') return;
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
process.send!({ base });
