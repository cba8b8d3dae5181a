import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE habit 1: a message that states a limit is built from the limit's constant
 * (`` `up to ${CARD_SECTIONS_MAX} sections` ``), never "up to 20 sections", so changing a limit
 * in `packages/shared/src/<feature>/constants.ts` changes every sentence that names it.
 *
 * This reads the source of every message: all of packages/shared, and the server's services and
 * image checks (error answers, notification texts, e-mails). A piece of literal prose (a string
 * or the literal part of a template, with a space in it) may not contain a digit, except for the
 * few below that are not limits. SQL (`sql` tagged templates) is not read.
 */
const repo = fileURLToPath(new URL('../../../', import.meta.url));

const notLimits: { text: string; why: string }[] = [
  { text: '[A-z0-9]', why: 'the characters a login may use (SPEC §8 wording)' },
  { text: 'from 1', why: 'pages are numbered from one; not a limit anyone could change' },
];

function sourceFiles(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && keep(p));
}

const files = [
  ...sourceFiles(join(repo, 'packages/shared/src'), () => true),
  ...sourceFiles(join(repo, 'apps/server/src/modules'), (p) => /\.(service|images)\.ts$/.test(p)),
];

/** Every literal piece of prose with a number in it that is not on the list above, as "line: text". */
function hardCodedNumbers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // SQL is not prose: `sql\`… o.n - 1\`` states no limit.
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const rest = notLimits.reduce((t, allowed) => t.replaceAll(allowed.text, ''), node.text);
      if (/\S\s+\S/.test(node.text) && /\d/.test(rest)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${line}: ${JSON.stringify(node.text)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('messages state limits through their constants', () => {
  it('reads the message sources it guards', () => {
    const names = files.map((f) => relative(repo, f));
    expect(names).toContain('packages/shared/src/cards/messages.ts');
    expect(names).toContain('packages/shared/src/messages.ts');
    expect(names).toContain('apps/server/src/modules/auth/registration.service.ts');
  });

  it('tells a number written into a message from one taken from a constant', () => {
    const text = [
      "const a = 'A card can have up to 20 sections';",
      'const b = `A card can have up to ${CARD_SECTIONS_MAX} sections`;',
      'const c = `Keys use 1 to ${CARD_KEY_MAX} letters`;',
      "const d = 'Please enter correct display name [A-z0-9]';",
      "const e = 'ABCDEFGH23456789';",
      'const f = sql`update t set position = o.n - 1 where id = ${id}`;',
    ].join('\n');
    expect(hardCodedNumbers('sample.ts', text)).toEqual([
      '1: "A card can have up to 20 sections"',
      '3: "Keys use 1 to "',
    ]);
  });

  it('no message hard-codes a number', () => {
    const offenders = files.flatMap((file) =>
      hardCodedNumbers(file, readFileSync(file, 'utf8')).map((hit) => `${relative(repo, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
