// Helpers of bench/cluster.ts: app instances (the compiled server) and HAProxy in front of them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
}

/** Starts `apps/server/dist/main.js` on `port` with `env` (the shared database, Redis and bucket). */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return { name, port, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`instance ${name} was not ready within 30 s`);
}

/** Stops an instance: SIGKILL (a crash) or SIGTERM (a rolling restart); resolves on its exit code. */
export async function stopInstance(
  instance: Instance,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<number | null> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.child.exitCode;
  const exited = once(instance.child, 'exit');
  instance.child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v']).status === 0;
}

/**
 * HAProxy (Debian's package) on `port`, round robin over `backends`, each checked on /api/ready
 * every 500 ms (down after 2 failures). A connection that fails is retried on another server
 * (`retry-on conn-failure` with `redispatch`): the request never reached an app, so it is safe;
 * a request an instance took and then died with is not retried (it may have written).
 */
export async function startHaproxy(dir: string, port: number, backends: { name: string; port: number }[]) {
  const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  # A readiness answer may take a while on a loaded 2-core machine; a down instance refuses at once.
  timeout check 2s
  retries 3
  option redispatch 1
  retry-on conn-failure
frontend web
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500 fall 2 rise 2`).join('\n')}
`;
  const file = join(dir, `haproxy-${port}.cfg`);
  await writeFile(file, config);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
