// Keeps the docs honest: every repository path a doc names in backticks, every relative link and
// every `npm run <script>` must exist. Scans README.md and docs/**/*.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

/** Top-level folders a doc's path may start with; a name starting with one must exist. */
const TOP = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'docs', 'api-client', '.ci'];
/** A file name with one of these endings is a path wherever it stands (matched by its tail). */
const EXTENSIONS = /\.(ts|tsx|mjs|js|json|md|css|sql|sh)$/;
/** Written by the build or `npm run api:client`, never committed: named in docs, absent in a clone. */
const GENERATED = ['apps/server/dist', 'apps/web/dist', 'api-client/generated'];
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);

function walk(root, dir = root, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(root, join(dir, entry.name), out);
    } else {
      out.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
    }
  }
  return out;
}

/** The markdown files checked: README.md and everything under docs/. */
export function docFiles(files) {
  return files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
}

const pathLike = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;

function isCandidate(span) {
  if (!pathLike.test(span)) return false;
  return TOP.some((t) => span === t || span.startsWith(`${t}/`)) || EXTENSIONS.test(span);
}

/**
 * Every broken reference in the docs of `root`, as "file: what" lines (none when the docs are true).
 * A backticked path must name a file or folder of the repository, by its whole path or by its tail
 * (`board-read.ts`, `platform/work-pool.ts`); a relative link must resolve from its file; an
 * `npm run x` must be a script of the root package.json.
 */
export function findBrokenReferences(root) {
  const files = walk(root);
  const fileSet = new Set(files);
  const exists = (p) => fileSet.has(p) || files.some((f) => f.startsWith(`${p}/`));
  const byTail = (p) =>
    files.some((f) => f.endsWith(`/${p}`) || f.startsWith(`${p}/`) || f.includes(`/${p}/`));
  const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {});
  const broken = [];

  for (const doc of docFiles(files)) {
    const text = readFileSync(join(root, doc), 'utf8');
    const prose = text.replace(/^```[\s\S]*?^```/gm, '');

    for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
      const path = span.replace(/\/$/, '');
      if (!isCandidate(span) || GENERATED.some((g) => path === g || path.startsWith(`${g}/`))) continue;
      if (!exists(path) && !byTail(path)) broken.push(`${doc}: \`${span}\` names no file or folder`);
    }

    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const path = resolve(root, dirname(doc), target.split('#')[0]);
      if (!existsSync(path)) broken.push(`${doc}: link (${target}) leads nowhere`);
    }

    for (const [, name] of text.matchAll(/npm run ([\w:.-]*[\w])/g)) {
      if (!scripts.includes(name)) broken.push(`${doc}: \`npm run ${name}\` is no script of package.json`);
    }
  }
  return broken;
}
