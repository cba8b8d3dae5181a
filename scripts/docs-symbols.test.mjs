import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findBrokenReferences } from './docs-symbols.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the docs of this repository', () => {
  it('name only paths, links and npm scripts that exist', () => {
    expect(findBrokenReferences(repo)).toEqual([]);
  });
});

describe('findBrokenReferences', () => {
  let root;
  const put = async (path, text) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'brushline-docs-'));
    await put('package.json', JSON.stringify({ scripts: { build: 'x', 'bench:tags': 'y' } }));
    await put('apps/server/src/platform/passwords.ts', '');
    await put('docs/decisions/0001-x.md', '# x\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('accepts whole paths, tails, folders, generated outputs, links and scripts that exist', async () => {
    await put(
      'README.md',
      [
        'See `apps/server/src/platform/passwords.ts`, `platform/passwords.ts`, `passwords.ts`,',
        '`apps/server/src/`, `apps/server/dist/main.js`, [a decision](docs/decisions/0001-x.md#context),',
        '`npm run build`, npm run bench:tags, `/api/media/{id}/full`, `DATA_DIR/mail` and `data/mail/*.eml`.',
      ].join('\n'),
    );
    expect(findBrokenReferences(root)).toEqual([]);
  });

  it('reports a path, a link and a script that do not exist', async () => {
    await put(
      'docs/guide.md',
      [
        'Passwords live in `apps/server/src/platform/password.ts` and `platform/hashing.ts`;',
        'read [the record](decisions/0002-y.md) and run `npm run bench:tag`.',
        '```sh',
        'npm run nothing-here   # fenced blocks are checked for scripts too',
        '```',
      ].join('\n'),
    );
    expect(findBrokenReferences(root)).toEqual([
      'docs/guide.md: `apps/server/src/platform/password.ts` names no file or folder',
      'docs/guide.md: `platform/hashing.ts` names no file or folder',
      'docs/guide.md: link (decisions/0002-y.md) leads nowhere',
      'docs/guide.md: `npm run bench:tag` is no script of package.json',
      'docs/guide.md: `npm run nothing-here` is no script of package.json',
    ]);
  });
});
