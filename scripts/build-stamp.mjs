// Whether a build's output is current: a hash of its inputs, kept in a stamp file in the output.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export const STAMP = '.build-stamp';

/** Not read by a build: outputs, installed packages, and tests. */
const skipped = (path) =>
  /(^|\/)(node_modules|dist)(\/|$)/.test(path) || /\.test\.tsx?$/.test(path) || /\/src\/test\//.test(path);

async function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true, recursive: true }).catch(() => null);
  if (entries === null) return [path]; // a file
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => !skipped(p));
}

/**
 * The hash of every input file under `root` (its path and bytes; folders are walked), the Node
 * version and the VITE_ variables, which Vite builds into the app.
 */
export async function inputsHash(root, inputs, env = process.env) {
  const hash = createHash('sha256');
  const files = (await Promise.all(inputs.map((p) => filesUnder(root, p)))).flat().sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(join(root, file)))
      .update('\0');
  hash.update(process.version);
  for (const [key, value] of Object.entries(env).sort())
    if (key.startsWith('VITE_')) hash.update(`${key}=${value}\0`);
  return hash.digest('hex');
}

/** Whether `out` holds `output` built from inputs with this hash. */
export async function isBuilt(out, output, hash) {
  if (!existsSync(join(out, output))) return false;
  return (await readFile(join(out, STAMP), 'utf8').catch(() => '')) === hash;
}

/** Written after a build succeeded, never before: a failed build is built again. */
export const writeStamp = (out, hash) => writeFile(join(out, STAMP), hash);
