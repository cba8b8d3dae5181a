import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One service signature across modules (docs/decisions/0009-service-signature.md): every
 * exported function of a `*.service.ts` takes `ctx` (a Pick of Deps, or TxCtx / EmitCtx inside a caller's
 * transaction) first, the actor second (`actor: Actor`, `actor: Actor | null`, or `_actor: null`
 * for anonymous flows and what the site does itself) and its input after.
 */
const modules = fileURLToPath(new URL('./modules/', import.meta.url));

/** Rules over rows that read nothing, so they take no context. */
const pureRules = new Set(['canSeeCard', 'sideOf', 'formNotFound']);
/** Presenters act for nobody: they shape rows for an answer, so they take a context and no actor. */
const presenters = new Set(['presentForms', 'presentForm', 'isOnline']);

const contextType = /\bDeps\b|^TxCtx$|^EmitCtx$|^Ctx$/;
const actorType = /^(Actor|Pick<Actor, 'id'>)( \| null)?$|^null$/;

/** Every exported function of a source text that breaks the rule, as "name: why". */
function offences(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (name: string, params: ts.NodeArray<ts.ParameterDeclaration>) => {
    if (pureRules.has(name)) return;
    const [ctx, actor] = params.map((p) => ({
      name: p.name.getText(source),
      type: p.type?.getText(source) ?? '',
    }));
    if (ctx?.name !== 'ctx' || !contextType.test(ctx.type)) {
      found.push(
        `${name}: first parameter is ${ctx ? `${ctx.name}: ${ctx.type}` : 'missing'}, not the context`,
      );
    } else if (
      !presenters.has(name) &&
      (!actor || !/^_?actor$/.test(actor.name) || !actorType.test(actor.type))
    ) {
      found.push(
        `${name}: second parameter is ${actor ? `${actor.name}: ${actor.type}` : 'missing'}, not the actor`,
      );
    }
  };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (ts.isFunctionDeclaration(node) && node.name && exported(node)) check(node.name.text, node.parameters);
    if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          check(d.name.getText(source), init.parameters);
        }
      }
    }
  }
  return found;
}

const serviceFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.service.ts'))
  .map((p) => join(modules, p));

describe('one service signature: (ctx, actor, input…)', () => {
  it('finds the services of every module', () => {
    const names = serviceFiles.map((f) => relative(modules, f));
    for (const file of ['auth/login.service.ts', 'cards/cards.service.ts', 'orders/transitions.service.ts']) {
      expect(names).toContain(file);
    }
  });

  it('tells a service in the house shape from one that is not', () => {
    const text = [
      "export async function good(ctx: Pick<Deps, 'db'>, actor: Actor, id: number) {}",
      'export async function anonymous(ctx: Pick<Deps, "db"> & RequestFacts, _actor: null, body: Body) {}',
      'export async function dbFirst(db: Db, actor: Actor) {}',
      "export const bodySecond = async (ctx: Pick<Deps, 'db'>, body: Body, ip: string) => {};",
      'export function canSeeCard(row: Row, actor: Actor | null) {}',
    ].join('\n');
    expect(offences('sample.ts', text)).toEqual([
      'dbFirst: first parameter is db: Db, not the context',
      'bodySecond: second parameter is body: Body, not the actor',
    ]);
  });

  it('every exported service function takes the context first and the actor second', () => {
    const found = serviceFiles.flatMap((file) =>
      offences(file, readFileSync(file, 'utf8')).map((o) => `${relative(modules, file)} ${o}`),
    );
    expect(found).toEqual([]);
  });
});
