import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoIfEmpty } from './cli/demo-seed.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const pretty = process.stdout.isTTY
  ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
  : {};
const app = await buildApp({ config, logger: { level: config.LOG_LEVEL, ...pretty } });

// Only the embedded database seeds itself; a server on DATABASE_URL is seeded by `npm run seed`.
if (!config.DATABASE_URL && config.SEED_DEMO) await seedDemoIfEmpty(app.deps);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`${config.publicUrl} is ready (API docs at ${config.publicUrl}/api/docs)`);
