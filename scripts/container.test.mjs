// compose.yaml, .env.example and the Dockerfile against the code they deploy: no Docker engine
// runs on the machines this project is tested on, so what can be checked without one is checked
// here (docs/deploy.md says what is not). `.ci/run` also runs `docker compose config` (or
// Debian's docker-compose) on the same files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_VARIABLES, loadConfig } from '../apps/server/src/config.ts';
import { RUNTIME_FILES } from './runtime-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const compose = parse(read('compose.yaml'));
const services = compose.services;

/** .env.example's settings, and the names it only mentions in a comment (`# NAME=value`). */
function readEnvFile(text) {
  const values = {};
  const commented = new Set();
  for (const line of text.split('\n')) {
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (set) values[set[1]] = set[2];
    const mentioned = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (mentioned) commented.add(mentioned[1]);
  }
  return { values, commented };
}
const example = readEnvFile(read('.env.example'));

const reference = /\$\{([A-Z][A-Z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g;

/** Compose's interpolation of one value: ${X}, ${X:-default}, ${X-default}, ${X:?error}, $$. */
function interpolate(value, env) {
  return String(value)
    .split('$$')
    .map((part) =>
      part.replace(reference, (_, name, colon, kind, arg) => {
        const set = colon ? Boolean(env[name]) : env[name] !== undefined;
        if (kind === '?' && !set) throw new Error(`${name}: ${arg}`);
        if (kind === '-' && !set) return arg;
        return env[name] ?? '';
      }),
    )
    .join('$');
}
const environmentOf = (service, env) =>
  Object.fromEntries(Object.entries(services[service].environment).map(([k, v]) => [k, interpolate(v, env)]));

/** Every ${NAME…} compose.yaml reads from .env, with whether some use of it is required (:?). */
function composeVariables() {
  const found = new Map();
  for (const [, name, , kind] of read('compose.yaml').matchAll(reference)) {
    found.set(name, found.get(name) === true || kind === '?');
  }
  return found;
}

describe('compose.yaml', () => {
  it('passes the app every variable the server reads, and no other', () => {
    expect(Object.keys(services.app.environment).sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('with .env.example, gives the app a configuration the server accepts: PostgreSQL, Redis, the bucket', () => {
    const env = environmentOf('app', example.values);
    const config = loadConfig(env);
    const postgres = environmentOf('postgres', example.values);
    const database = new URL(config.DATABASE_URL);
    expect(database.host).toBe('postgres:5432');
    expect([database.username, database.password, database.pathname]).toEqual([
      postgres.POSTGRES_USER,
      postgres.POSTGRES_PASSWORD,
      `/${postgres.POSTGRES_DB}`,
    ]);
    expect(config.REDIS_URL).toBe('redis://redis:6379');
    const bucket = environmentOf('bucket', example.values);
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: bucket.S3_BUCKET,
      accessKeyId: bucket.S3_ACCESS_KEY_ID,
      secretAccessKey: bucket.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    expect(config.DATA_DIR).toBe('/data');
    expect(config.PORT).toBe(3000);
    // Empty settings fall back to the server's defaults, as an unset variable does.
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.METRICS_PORT).toBeUndefined();
  });

  it('refuses to start without each secret, rather than with a default one', () => {
    const required = [...composeVariables()].filter(([, isRequired]) => isRequired).map(([name]) => name);
    expect(required).toEqual(
      expect.arrayContaining([
        'POSTGRES_PASSWORD',
        'SIGNING_SECRET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'MINIO_ROOT_USER',
        'MINIO_ROOT_PASSWORD',
        'PUBLIC_URL',
      ]),
    );
    for (const name of required) {
      const env = { ...example.values, [name]: '' };
      expect(() =>
        Object.keys(services).forEach((s) => services[s].environment && environmentOf(s, env)),
      ).toThrow(name);
    }
  });

  it('reads only variables .env.example documents, and .env.example holds none that compose ignores', () => {
    const used = [...composeVariables().keys()];
    const documented = [...Object.keys(example.values), ...example.commented];
    expect(used.filter((n) => !documented.includes(n))).toEqual([]);
    expect(documented.filter((n) => !used.includes(n))).toEqual([]);
    for (const secret of [
      'SIGNING_SECRET',
      'POSTGRES_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(example.values[secret]).toMatch(/^change-me/);
    }
  });

  it('starts the app after its dependencies are healthy, and checks the app by /api/ready', () => {
    expect(services.app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      bucket: { condition: 'service_completed_successfully' },
    });
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === 'service_healthy')
          expect(services[dependency].healthcheck, `${name} → ${dependency}`).toBeDefined();
      }
    }
    expect(services.app.healthcheck.test).toEqual(['CMD', 'node', 'scripts/healthcheck.mjs', '/api/ready']);
    expect(services.app.volumes).toContain('app-data:/data');
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => l.trim() && !l.trimStart().startsWith('#'));
  const stages = [];
  for (const line of lines) {
    if (line.startsWith('FROM ')) stages.push({ name: /\bAS (\w+)$/i.exec(line)?.[1], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  const build = stages.find((s) => s.name === 'build').lines;
  const runtime = stages.at(-1).lines;
  const instruction = (word) =>
    runtime.filter((l) => l.startsWith(`${word} `)).map((l) => l.slice(word.length + 1));

  it('makes the runtime folder with the script check:prod starts, and copies only that folder', () => {
    expect(build).toContain('RUN npm run build');
    expect(build).toContain('RUN node scripts/runtime-bundle.mjs /app');
    expect(instruction('COPY')).toEqual(['--from=build /app/ ./']);
    expect(instruction('RUN').join(' ')).not.toMatch(/npm|apt/);
  });

  it('runs the serve script as a non-root user, with /data, port 3000, SIGTERM and a health check in the folder', () => {
    const serve = JSON.parse(read('package.json')).scripts.serve.split(' ');
    expect(JSON.parse(instruction('CMD')[0])).toEqual(serve);
    expect(instruction('USER')).toEqual(['node']);
    expect(instruction('VOLUME')).toEqual(['/data']);
    expect(instruction('ENV').join(' ')).toContain('DATA_DIR=/data');
    expect(instruction('EXPOSE')).toEqual(['3000']);
    expect(instruction('STOPSIGNAL')).toEqual(['SIGTERM']);
    const check = /CMD (\[.*\])$/.exec(instruction('HEALTHCHECK')[0])[1];
    const [, script, path] = JSON.parse(check);
    expect(RUNTIME_FILES).toContain(script);
    expect(path).toBe('/api/health');
  });
});
