import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { hashPassword, setPasswordHashCost } from '../platform/passwords.ts';
import { SESSION_COOKIE, startSession } from '../platform/session.ts';
import { createAccount } from '../modules/users/users.service.ts';
import { testMediaStore } from './s3-server.ts';
import { freshDatabase } from './test-databases.ts';

export { pgliteReuse } from './test-databases.ts';

// Accounts made by tests hash at argon2id's smallest cost (platform/passwords.ts says why).
setPasswordHashCost('test');

export interface TestApp {
  app: App;
  dataDir: string;
  /** What the media store holds (files under DATA_DIR/media, or the test bucket's keys), sorted. */
  storedFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** Apps sharing a database share a hub channel in Redis (one deployment); others never hear them. */
const hubChannels = new WeakMap<Database, string>();
const hubChannelOf = (database: Database) => {
  if (!hubChannels.has(database)) hubChannels.set(database, `hub-test-${randomBytes(6).toString('hex')}`);
  return hubChannels.get(database)!;
};

/** The real app on a fresh database, its own data dir (mail outbox) and its own rate-limit keys. */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: Database,
  opts: {
    logger?: AppOptions['logger'];
    jobPollMs?: number;
    /** Run the recurring e-mail flush (every EMAIL_BATCH_SECONDS / 2 within its bounds); off by default. */
    emailFlush?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'brushline-test-'));
  // A second app in the same file (other settings) may share the file's database: PGlite is slow to load.
  const { database, drop } = shared ? { database: shared, drop: async () => {} } : await freshDatabase();
  // Media on the disk, or in a bucket of its own with TEST_MEDIA_STORAGE=s3 (global-setup.ts).
  const media = await testMediaStore(dataDir, inject('s3Endpoint'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Notification mail waits a day, so it never lands in an outbox a test reads codes from;
    // the e-mail suites flush explicitly (flushEmailQueue with a later `now`) or shorten it.
    EMAIL_BATCH_SECONDS: '86400',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...media.env,
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    webDist: null,
    rateLimitPrefix: `rl-test-${randomBytes(6).toString('hex')}`,
    hubChannel: hubChannelOf(database),
    jobPollMs: opts.jobPollMs,
    // Off unless asked: its job would move the queue counts other tests compare.
    ...(opts.emailFlush ? {} : { emailFlushIntervalMs: null }),
  });
  await app.ready();
  return {
    app,
    dataDir,
    storedFiles: media.files,
    async close() {
      await app.close();
      media.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A distinct client address, so per-IP limits of one test do not leak into another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let nameCounter = 0;
export function uniqueUser(prefix = 'user') {
  nameCounter += 1;
  const id = `${prefix}${nameCounter}${randomBytes(2).toString('hex')}`;
  return { login: id, email: `${id}@example.test`, password: 'secret-pass-1' };
}

/** The newest mail in the outbox to `to`, as raw text. */
export async function lastMailTo(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir)).sort().reverse();
  for (const f of files) {
    const text = await readFile(join(dir, f), 'utf8');
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(text)) return text;
  }
  throw new Error(`no mail to ${to}`);
}

export const registrationCode = (mail: string) => /registration code: (\d{6})/.exec(mail)![1]!;
export const resetCode = (mail: string) => /reset code: (RS-[A-Z0-9]{10})/.exec(mail)![1]!;

/** The `sid` cookie of a response, ready for a Cookie header. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'sid');
  if (!c) throw new Error('no session cookie');
  return `sid=${c.value}`;
}

/**
 * A signed-in user for a test about something else: the account made as a verified registration
 * makes it (users' createAccount and a session, in one transaction), without the two requests,
 * the mail and the code (25 ms a user through the API, most of the suite's fixtures). The
 * registration itself is tested through the API in auth's suites and by registerUserByApi.
 */
export async function registerUser(app: App, _dataDir: string, user = uniqueUser()) {
  const passwordHash = await hashPassword(user.password);
  const { userId, token } = await app.deps.db.transaction(async (tx) => {
    const id = await createAccount({ db: tx }, null, {
      login: user.login,
      email: user.email,
      passwordHash,
    });
    return { userId: id, token: await startSession(tx, id) };
  });
  return { ...user, id: userId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Registers and verifies a user through the API (the mailed code); answers the user and its session cookie. */
export async function registerUserByApi(app: App, dataDir: string, user = uniqueUser()) {
  const ip = nextIp();
  const req = await app.inject({
    method: 'POST',
    url: '/api/register/request',
    payload: user,
    remoteAddress: ip,
  });
  if (req.statusCode !== 200) throw new Error(`register/request ${req.statusCode}: ${req.body}`);
  const code = registrationCode(await lastMailTo(dataDir, user.email));
  const res = await app.inject({
    method: 'POST',
    url: `/api/register/verify?code=${code}`,
    payload: user,
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`register/verify ${res.statusCode}: ${res.body}`);
  return { ...user, id: res.json<{ id: string }>().id, cookie: sessionCookie(res) };
}

/**
 * Resolves with the next cache-bus message on `topic` that reaches `app`, from whichever instance
 * it came; the app's caches have applied it by then (listeners run together). Fails after 5 s.
 */
export function nextBusMessage(app: App, topic: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${topic} message on the cache bus within 5 s`)),
      5000,
    );
    const off = app.deps.bus.on(topic, (message) => {
      clearTimeout(timer);
      off();
      resolve(message);
    });
  });
}

/**
 * Two servers of one deployment: one database, one cache bus (Redis when REDIS_URL is set, else
 * the process's bus for apps sharing a database). Close them with `closeAll`.
 */
export async function twoInstances(opts: { jobPollMs?: number } = {}): Promise<[TestApp, TestApp]> {
  const a = await createTestApp({}, undefined, opts);
  return [a, await createTestApp({}, a.app.database, opts)];
}

/** Closes test apps in the order given (the instances sharing a database before its owner). */
export async function closeAll(...apps: TestApp[]): Promise<void> {
  for (const t of apps) await t.close();
}

/** Runs a write (through any instance) and answers once `other` has heard `topic` on the cache bus. */
export async function afterBusMessage<T>(other: TestApp, topic: string, write: () => Promise<T>): Promise<T> {
  const heard = nextBusMessage(other.app, topic);
  const result = await write();
  await heard;
  return result;
}
