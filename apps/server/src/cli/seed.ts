import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoWithContent } from './demo-seed.ts';

// The app itself (not listening) gives the seed the same services and media storage as the server.
const app = await buildApp({ config: loadConfig(), logger: { level: 'warn' }, webDist: null });
try {
  const created = await seedDemoWithContent(app.deps, (line) => console.log(line));
  if (created.length === 0) console.log('Demo accounts already exist; nothing to do.');
} finally {
  await app.close();
}
