// @vitest-environment node
// `npm ci --omit=dev && npm run server` starts the backend: every package the backend's entry points load at run
// time (through server/ and the src/ files it reaches) is in package.json's `dependencies`, and so is what runs it.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
/** `npm run server` and the Cloud Function. */
const ENTRY_POINTS = ['server/main.ts', 'server/functions.ts'];

/** The modules `source` loads when it runs: imports and re-exports that are not type-only, and dynamic imports. */
export function runtimeImports(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import type {…}`, or `import { type A, type B }` with nothing else, vanishes from the emitted code.
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `firebase-admin/app` → `firebase-admin`, `@fastify/cors` → `@fastify/cors`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function resolveLocal(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidate = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => /\.tsx?$/.test(path) && existsSync(path),
  );
  if (!candidate) throw new Error(`${from}: cannot resolve ${specifier}`);
  return candidate;
}

/** Every package the entry points reach at run time, with one file that imports it. */
function packagesReached(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = ENTRY_POINTS.map((entry) => join(ROOT, entry));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), file.slice(ROOT.length + 1));
      }
    }
  }
  return packages;
}

describe("the backend's runtime packages", () => {
  it('the import reader tells run-time imports from type-only ones', () => {
    const source = [
      "import Fastify from 'fastify';",
      "import type Stripe from 'stripe';",
      "import { type A, type B } from 'only-types';",
      "import { type C, d } from 'mixed';",
      "export { e } from '@scope/pkg/sub';",
      "export type { F } from 'type-export';",
      "const lazy = () => import('lazy-pkg');",
      "import 'side-effect';",
    ].join('\n');
    expect(runtimeImports(source).sort()).toEqual(['@scope/pkg/sub', 'fastify', 'lazy-pkg', 'mixed', 'side-effect']);
    expect(packageOf('@scope/pkg/sub')).toBe('@scope/pkg');
    expect(packageOf('firebase-admin/firestore')).toBe('firebase-admin');
  });

  it('every package server/main.ts and server/functions.ts load is a dependency, not a devDependency', () => {
    const reached = packagesReached();
    // The backend's own core is among them: an empty walk would pass for the wrong reason.
    expect([...reached.keys()]).toEqual(
      expect.arrayContaining(['fastify', 'firebase-admin', 'firebase-functions', 'stripe']),
    );
    const missing = [...reached]
      .filter(([name]) => !(name in pkg.dependencies))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('what `npm run server` runs the TypeScript with is a dependency', () => {
    // The command's first word after its environment assignments (`NODE_ENV=production tsx server/main.ts`).
    const runner = pkg.scripts.server!.split(' ').find((word) => !/^[A-Z_]+=/.test(word))!;
    expect(runner).toBe('tsx');
    expect(pkg.dependencies).toHaveProperty(runner);
  });
});
