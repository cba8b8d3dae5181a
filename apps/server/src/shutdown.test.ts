import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it, type TestContext } from 'vitest';
import { openPgliteDir } from './cli/backup-database.ts';
import { uniqueUser } from './test/harness.ts';
import { freePort } from './test/processes.ts';

/**
 * The real server (main.ts, run by tsx in a child process on an embedded database of its own)
 * receiving SIGTERM in a rolling restart: the request in flight is answered, new connections are
 * refused at once, and the process exits 0 within SHUTDOWN_TIMEOUT_MS; a request that never ends
 * does not hold it past that bound. The request in flight is a registration whose body is still
 * arriving (a slow client), so no test-only route is needed.
 */
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Server {
  child: ChildProcess;
  port: number;
  lines: { msg?: string }[];
  exited: Promise<{ code: number | null; at: number }>;
}

/**
 * Starts a server for one test; `onTestFinished` (the test's own, as the tests run concurrently)
 * kills it if it is still running and removes its folder.
 */
async function start(timeoutMs: number, onTestFinished: TestContext['onTestFinished']): Promise<Server> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'brushline-shutdown-'));
  // The run's migrated template (embedded runs): the server starts without migrating from scratch.
  const template = inject('pgliteTemplate');
  if (template) await (await openPgliteDir(join(dataDir, 'db'), template)).close();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    child,
    port,
    lines: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() }))),
  };
  onTestFinished(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts.filter(Boolean)) server.lines.push(JSON.parse(line) as { msg?: string });
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await expect
    .poll(
      () =>
        server.lines.some((l) =>
          l.msg?.endsWith('is ready (API docs at http://localhost:' + port + '/api/docs)'),
        ) || child.exitCode !== null,
      {
        timeout: 90_000,
        interval: 100,
      },
    )
    .toBe(true);
  if (child.exitCode !== null) throw new Error(`the server stopped: ${errors}`);
  return server;
}

/** A registration whose body arrives in two parts: the first now, the rest when `finish` is called. */
function slowRegistration(port: number) {
  const body = Buffer.from(JSON.stringify(uniqueUser('slow')));
  const half = Math.floor(body.length / 2);
  const req: ClientRequest = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/register/request',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)) };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The two tests run at once, each with its own server (half the wall time of one after the other).
describe.concurrent('SIGTERM', { timeout: 150_000 }, () => {
  it('refuses new connections, finishes the request in flight and exits 0 within the bound', async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start(10_000, onTestFinished);
    const slow = slowRegistration(server.port);
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(() => refused(server.port), { timeout: 5000, interval: 50 }).toBe(true);
    // Still waiting for the rest of its body, and still alive.
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(200);
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    const messages = server.lines.map((l) => l.msg);
    expect(messages).toContain('shutting down: finishing requests in flight');
    expect(messages).toContain('shut down');
  });

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed with a request that never ends', async ({
    expect,
    onTestFinished,
  }) => {
    const server = await start(1500, onTestFinished);
    const stalled = slowRegistration(server.port);
    stalled.answer.catch(() => {});
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    expect(at - signalled).toBeLessThan(6000);
    expect(server.lines.map((l) => l.msg)).toContainEqual(
      expect.stringMatching(/^shutdown did not finish within 1500 ms/),
    );
  });
});
