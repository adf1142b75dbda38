import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The bot example is the SDK's promise to a third party: written against @zura/sdk, it needs
 * no cast. So it (and the SDK's own code) holds no `as`, no `<T>x`, no `x!`, no `any` and no
 * `@ts-` comment that silences the checker: any of them would hide a gap in the types.
 */

const root = path.resolve(import.meta.dirname, '../..');
const checked = [
  ...tsFilesIn('docs/examples/bot'),
  ...tsFilesIn('sdk/src').filter((file) => !file.endsWith('.test.ts')),
];

function tsFilesIn(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

/** Each cast in `source`, as `line:column kind`. */
function castsIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, kind: string) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}:${character + 1} ${kind}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node)) report(node, 'as');
    else if (ts.isTypeAssertionExpression(node)) report(node, '<T> assertion');
    else if (ts.isNonNullExpression(node)) report(node, '! non-null assertion');
    else if (node.kind === ts.SyntaxKind.AnyKeyword) report(node, 'any');
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const match of source.matchAll(/@ts-(?:ignore|expect-error|nocheck)/g)) {
    const { line, character } = file.getLineAndCharacterOfPosition(match.index);
    found.push(`${line + 1}:${character + 1} ${match[0]}`);
  }
  return found;
}

describe('the bot example and the SDK need no casts', () => {
  it('finds every kind of cast (so a clean file is clean, not unread)', () => {
    const sample = [
      'const a = b as string;',
      'const c = <number>d;',
      'const e = f!.g;',
      'let h: any;',
      '// @ts-expect-error',
      'const i = j satisfies object;',
    ].join('\n');
    expect(castsIn('sample.ts', sample)).toEqual([
      '1:11 as',
      '2:11 <T> assertion',
      '3:11 ! non-null assertion',
      '4:8 any',
      '5:4 @ts-expect-error',
    ]);
  });

  it('checks the example and the SDK', () => {
    expect(checked).toContain(path.join('docs/examples/bot', 'bot.ts'));
    expect(checked.length).toBeGreaterThan(5);
  });

  it.each(checked)('%s has no cast', (file) => {
    expect(castsIn(file, fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
