import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, isBuilt, writeStamp } from './build-stamp.mjs';

let root;
const put = async (path, text) => {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
};
const inputs = ['app', 'package-lock.json'];
const hash = () => inputsHash(root, inputs, {});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'brushline-stamp-'));
  await put('app/src/main.ts', 'one');
  await put('package-lock.json', '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('change with any source, config or lockfile byte and with a new file', async () => {
    const first = await hash();
    expect(await hash()).toBe(first);
    for (const [path, text] of [
      ['app/src/main.ts', 'two'],
      ['app/vite.config.ts', 'x'],
      ['package-lock.json', '{"v":2}'],
    ]) {
      const before = await hash();
      await put(path, text);
      expect(await hash(), path).not.toBe(before);
    }
  });

  it('ignore outputs, installed packages and tests', async () => {
    const first = await hash();
    await put('app/dist/index.html', 'built');
    await put('app/node_modules/x/index.js', 'x');
    await put('app/src/main.test.ts', 'test');
    await put('app/src/test/setup.ts', 'setup');
    expect(await hash()).toBe(first);
  });

  it('take the VITE_ variables built into the app', async () => {
    const plain = await inputsHash(root, inputs, { HOME: '/x' });
    expect(await inputsHash(root, inputs, { HOME: '/y' })).toBe(plain);
    expect(await inputsHash(root, inputs, { VITE_API: 'a' })).not.toBe(plain);
  });

  it('say built only when the output exists and the stamp matches', async () => {
    const out = join(root, 'app/dist');
    const h = await hash();
    expect(await isBuilt(out, 'index.html', h)).toBe(false);
    await put('app/dist/index.html', 'built');
    expect(await isBuilt(out, 'index.html', h)).toBe(false);
    await writeStamp(out, h);
    expect(await isBuilt(out, 'index.html', h)).toBe(true);
    expect(await isBuilt(out, 'index.html', 'other')).toBe(false);
    await rm(join(out, 'index.html'));
    expect(await isBuilt(out, 'index.html', h)).toBe(false);
  });
});
