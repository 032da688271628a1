// @vitest-environment node
// The backend reads top to bottom: no conditional expression nested more than three deep (a lookup or early
// returns say the same more plainly).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '..', '..', 'server');
const MAX_DEPTH = 3;

/** The deepest chain of `a ? b : c` inside one another in `source`, with the line where it reaches that depth. */
export function deepestTernary(source: string): { depth: number; line: number } {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  let deepest = { depth: 0, line: 0 };
  const walk = (node: ts.Node, depth: number) => {
    const here = ts.isConditionalExpression(node) ? depth + 1 : depth;
    if (here > deepest.depth)
      deepest = { depth: here, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
    ts.forEachChild(node, (child) => walk(child, here));
  };
  walk(file, 0);
  return deepest;
}

const serverFiles = (readdirSync(SERVER, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));

describe('nested conditionals in server/', () => {
  it('the measure counts what it should', () => {
    expect(deepestTernary('const a = x ? 1 : 2;').depth).toBe(1);
    expect(deepestTernary('const a = x ? 1 : y ? 2 : z ? 3 : w ? 4 : 5;').depth).toBe(4);
    expect(deepestTernary('const a = (x ? 1 : 2) + (y ? 3 : 4);').depth).toBe(1);
  });

  it.each(serverFiles)('%s nests at most three', (file) => {
    const { depth, line } = deepestTernary(readFileSync(join(SERVER, file), 'utf8'));
    expect(depth, `server/${file}:${line}`).toBeLessThanOrEqual(MAX_DEPTH);
  });
});
