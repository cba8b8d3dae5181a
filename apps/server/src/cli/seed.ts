import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { demoAccountsBlock, seedDemoWithContent } from './demo-seed.ts';

// The app itself (not listening) gives the seed the same services and media storage as the server.
const config = loadConfig();
const app = await buildApp({ config, logger: { level: 'warn' }, webDist: null });
try {
  const created = await seedDemoWithContent(app.deps);
  for (const line of demoAccountsBlock(created, `${config.publicUrl}/login`)) console.log(line);
  if (created.length === 0) console.log('Demo accounts already exist; nothing to do.');
} finally {
  await app.close();
}
