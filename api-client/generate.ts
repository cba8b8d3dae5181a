// `npm run api:client`: writes the API's OpenAPI document as the server builds it (buildApp, never
// listening, on an empty in-memory database) and the TypeScript types a client generates from it
// with openapi-typescript, into api-client/generated/ (not committed: made fresh on every run, so
// they cannot drift from the server). check.ts is typed against them; `npm run typecheck` runs this
// first. Other generators (orval, openapi-generator) can read generated/openapi.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), 'generated');

/** The document /api/openapi.json serves, from an app that is built but never listens. */
async function buildDocument(): Promise<OpenAPI3> {
  const dataDir = await mkdtemp(join(tmpdir(), 'brushline-openapi-'));
  // Routes and schemas do not touch the database: an empty in-memory one is enough.
  const database = await openDatabase({});
  try {
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNING_SECRET: 'x'.repeat(32) }),
      database,
      logger: false,
      webDist: null,
      emailFlushIntervalMs: null,
    });
    await app.ready();
    const doc = app.swagger() as unknown as OpenAPI3;
    await app.close();
    return doc;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const doc = await buildDocument();
await mkdir(out, { recursive: true });
await writeFile(join(out, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
const types = astToString(await openapiTS(doc));
await writeFile(join(out, 'api.ts'), `${COMMENT_HEADER}${types}`);
console.log(`api-client/generated: openapi.json and api.ts (${Object.keys(doc.paths ?? {}).length} paths)`);
