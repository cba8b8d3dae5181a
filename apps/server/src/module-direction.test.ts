import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules depend in one direction (docs/decisions/0019-domain-events.md): a module
 * may import only modules before it in this list. What a later module does when an earlier one
 * changes something is a domain event (platform/events.ts), wired in one table (reactions.ts).
 */
export const MODULE_ORDER = [
  'media',
  'users',
  'auth',
  'email',
  'notifications',
  'tags',
  'gallery',
  'posts',
  'cards',
  'orders',
  'payments',
  'chat',
  'board',
  'requests',
  'reviews',
  'moderation',
  'account',
  'site',
] as const;

const src = fileURLToPath(new URL('./', import.meta.url));
const modulesDir = join(src, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|fixtures\.ts$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a file that carry values (`import type` and type-only names left out). */
function valueImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) && !ts.isExportDeclaration(st)) continue;
    const spec = st.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      if (
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly)
      )
        continue;
    } else if (st.isTypeOnly) continue;
    found.push(resolve(dirname(path), spec.text));
  }
  return found;
}

/** Every import, type ones too: a module's types may not come from a later module either. */
function allImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((m) => resolve(dirname(path), m[1]!));
}

const moduleOf = (path: string): string | null => {
  const rel = relative(modulesDir, path);
  return rel.startsWith('..') ? null : rel.split('/')[0]!;
};

describe('module direction', () => {
  it('names every module once', () => {
    const dirs = readdirSync(modulesDir).filter((d) => statSync(join(modulesDir, d)).isDirectory());
    expect([...dirs].sort()).toEqual([...MODULE_ORDER].sort());
  });

  it('lets a module import only the modules before it', () => {
    const rank = new Map<string, number>(MODULE_ORDER.map((m, i) => [m, i]));
    const offences: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const from = moduleOf(file)!;
      for (const target of allImports(file)) {
        const to = moduleOf(target);
        if (!to || to === from) continue;
        if (rank.get(to)! > rank.get(from)!)
          offences.push(
            `${relative(src, file)} imports ${relative(src, target)} (${from} comes before ${to})`,
          );
      }
    }
    expect(offences).toEqual([]);
  });

  it('has no import cycle between the server files', () => {
    const files = sourceFiles(src);
    const edges = new Map(files.map((f) => [f, valueImports(f).filter((t) => files.includes(t))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, stack: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(f)), f].map((p) => relative(src, p)).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of edges.get(f) ?? []) visit(t, [...stack, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
