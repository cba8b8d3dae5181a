import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * A Brushline instance in a child process for the crash test (stripe-crash.test.ts): it opens the
 * PGlite data directory CRASH_DB_DIR, polls its job queues every 50 ms and runs what is due, until
 * the test kills it (SIGKILL, no shutdown). Configured by the environment like the real server.
 */
const database = await openDatabase({ dataDir: process.env.CRASH_DB_DIR! });
const app = await buildApp({
  config: loadConfig(process.env),
  database,
  logger: false,
  webDist: null,
  jobPollMs: 50,
  emailFlushIntervalMs: null,
});
await app.ready();
process.send?.('ready');
