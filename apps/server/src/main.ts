import pretty from 'pino-pretty';
import { paths } from '@brushline/shared/paths';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { demoAccountsBlock, seedDemoIfEmpty } from './cli/demo-seed.ts';
import { shutDownOnSignals } from './platform/shutdown.ts';

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

// A person at a terminal gets one readable line per entry, written in this thread (synchronously),
// so the demo block below comes after "ready" and not before it; anything else (a pipe, a file, a
// process manager) gets pino's JSON lines.
const stream = process.stdout.isTTY
  ? pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, sync: true })
  : undefined;
// A setting only checkable by asking (the S3 bucket) stops the start with the same kind of message.
const app = await buildApp({
  config,
  logger: { level: config.LOG_LEVEL, ...(stream ? { stream } : {}) },
}).catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
});

// Only the embedded database seeds itself; a server on DATABASE_URL is seeded by `npm run seed`.
const demoAccounts = !config.DATABASE_URL && config.SEED_DEMO ? await seedDemoIfEmpty(app.deps) : [];

shutDownOnSignals({
  app,
  readiness: app.deps.readiness,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  drainMs: config.SHUTDOWN_DRAIN_MS,
});

await app.listen({ port: config.PORT, host: config.HOST });
const metricsAt = await app.metrics?.listen();
if (metricsAt) app.log.info(`metrics at http://${metricsAt.address}:${metricsAt.port}/metrics`);
app.log.info(`${config.publicUrl} is ready (API docs at ${config.publicUrl}/api/docs)`);
// The one-time passwords last, where they stay on screen: at the default level nothing is logged
// per request (platform/request-log.ts), so they do not scroll away.
for (const line of demoAccountsBlock(demoAccounts, `${config.publicUrl}${paths.login}`))
  process.stdout.write(`${line}\n`);
