import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@brushline/shared/error-codes';

/** Every source text (tests left out) under these folders, joined. */
function sources(...dirs: string[]): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [readFileSync(path, 'utf8')] : [];
    });
  return dirs.flatMap(walk).join('\n');
}

describe('the error code catalogue', () => {
  it('lists only codes the server can answer with (AppError takes nothing else: the type checks that side)', () => {
    const server = fileURLToPath(new URL('./', import.meta.url));
    const shared = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));
    const text = sources(server, shared).replace(/export const ERROR_CODES = \[[^\]]*\]/, '');
    const unused = ERROR_CODES.filter((code) => !text.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});
