// A clone has no issue tracker: comments and docs point at what it can open (a decision under
// docs/decisions/, a SPEC section, docs/*.md), never at an issue's number. docs/SPEC.md (the product
// contract as given) and docs/benchmarks/ (where a tracker number is history) are left as written.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
/** The word, an optional #, a number (singular or plural); a link such as …/issues/24 has no space and passes. */
const ISSUE_REF = /\bissues? #?\d+/i;

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name), out);
    } else {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

const rel = (path) => relative(repo, path).split(sep).join('/');

/** Every comment of a source file, as the parser sees it (strings, templates and JSX text are not comments). */
function comments(fileName, text) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found = new Map();
  const add = (ranges) => {
    for (const r of ranges ?? []) found.set(r.pos, { pos: r.pos, text: text.slice(r.pos, r.end) });
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    // getChildren includes tokens (`}` of `{/* … */}` in JSX, the end of the file), not only nodes.
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()];
}

function scriptKind(fileName) {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[mc]?ts$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

const lineOf = (text, pos) => text.slice(0, pos).split('\n').length;

describe('references a clone can open', () => {
  it('no source comment names a tracker issue', () => {
    const hits = [];
    for (const dir of SOURCE_DIRS) {
      for (const path of walk(join(repo, dir)).filter((p) => SOURCE.test(p))) {
        const text = readFileSync(path, 'utf8');
        if (!ISSUE_REF.test(text)) continue;
        for (const c of comments(path, text)) {
          const m = ISSUE_REF.exec(c.text);
          if (m) hits.push(`${rel(path)}:${lineOf(text, c.pos + m.index)}: ${m[0]}`);
        }
      }
    }
    expect(hits).toEqual([]);
  });

  it('no doc but the SPEC and the benchmark history names a tracker issue', () => {
    const docs = [join(repo, 'README.md'), ...walk(join(repo, 'docs'))]
      .filter((p) => p.endsWith('.md'))
      .filter((p) => !['docs/SPEC.md'].includes(rel(p)) && !rel(p).startsWith('docs/benchmarks/'));
    const hits = [];
    for (const path of docs) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = ISSUE_REF.exec(line);
          if (m) hits.push(`${rel(path)}:${i + 1}: ${m[0]}`);
        });
    }
    expect(hits).toEqual([]);
  });
});

describe('comments', () => {
  it('finds line, block and JSX comments, and not strings, templates or JSX text', () => {
    const text = [
      '// issue 1 in a line comment',
      '/** issue 2 in JSDoc */',
      "const a = 'issue 3 in a string'; // issue 4 after code",
      'const b = `issue 5 in a template`;',
      'const c = <p>issue 6 in JSX text {/* issue 7 in JSX */}</p>;',
      'const d = /issue 8/;',
      '// see https://github.com/o/r/issues/9',
    ].join('\n');
    const found = comments('x.tsx', text)
      .map((c) => ISSUE_REF.exec(c.text)?.[0])
      .filter(Boolean);
    expect(found.sort()).toEqual(['issue 1', 'issue 2', 'issue 4', 'issue 7']);
  });
});
