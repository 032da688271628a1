// Imports run downward: the storefront (src/) and the backend (server/) never import from the scripts (scripts/),
// and the backend never imports from the tests (test/). TypeScript reads every import of each file (static,
// type-only, re-exports, `import()` and `require()`) and resolves it with tsconfig.json's settings.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

const parsed = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
)!;

/** Each import of `file`: what it says, and the file it reaches (null: a package). */
function importsOf(file: string): Array<{ specifier: string; target: string | null }> {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName: specifier }) => {
    const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport) return { specifier, target: resolve(resolved.resolvedFileName) };
    // A relative path TypeScript cannot resolve still names a place in the repository.
    return { specifier, target: specifier.startsWith('.') ? resolve(dirname(file), specifier) : null };
  });
}

const inside = (root: string, folder: string) => (file: string) => file.startsWith(join(root, folder) + sep);

/** "server/x.ts imports '../scripts/y' (scripts/y.ts)" for each import from a file under `from` into `to`. */
function importsAcross(root: string, files: readonly string[], from: string, to: string): string[] {
  return files.filter(inside(root, from)).flatMap((file) =>
    importsOf(file)
      .filter(({ target }) => target !== null && inside(root, to)(target))
      .map(({ specifier, target }) => `${relative(root, file)} imports '${specifier}' (${relative(root, target!)})`),
  );
}

const projectFiles = parsed.fileNames.map((file) => resolve(file));

/**
 * The import circles among `files`, each as its files in import order from its first file (Tarjan's strongly
 * connected components; a file that imports itself is a circle of one). A circle makes the order in which modules
 * run depend on which one is imported first, and splits what belongs in one module over two.
 */
function importCircles(root: string, files: readonly string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [file, importsOf(file).flatMap(({ target }) => (target && known.has(target) ? [target] : []))]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.unshift(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) circles.push(component.map((f) => relative(root, f)));
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

describe('import direction', () => {
  it('reads and resolves the imports it checks, across folders and inside them', () => {
    expect(projectFiles.filter(inside(ROOT, 'src')).length).toBeGreaterThan(50);
    expect(projectFiles.filter(inside(ROOT, 'server')).length).toBeGreaterThan(20);
    const targets = (file: string) => importsOf(join(ROOT, file)).map(({ target }) => target && relative(ROOT, target));
    expect(targets('scripts/prerender.ts')).toContain(join('server', 'render', 'pageHtml.ts'));
    expect(targets('server/render/renderer.ts')).toContain(join('server', 'render', 'pageHtml.ts'));
    expect(importsAcross(ROOT, projectFiles, 'scripts', 'server')).toContain(
      `${join('scripts', 'prerender.ts')} imports '../server/render/pageHtml' (${join('server', 'render', 'pageHtml.ts')})`,
    );
  });

  it('no file in src/ or server/ imports from scripts/', () => {
    expect([
      ...importsAcross(ROOT, projectFiles, 'src', 'scripts'),
      ...importsAcross(ROOT, projectFiles, 'server', 'scripts'),
    ]).toEqual([]);
  });

  it('no file in server/ imports from test/', () => {
    expect(importsAcross(ROOT, projectFiles, 'server', 'test')).toEqual([]);
  });
});

describe('no import circles', () => {
  it('among the files of src/, server/ and scripts/', () => {
    const code = projectFiles.filter((file) =>
      ['src', 'server', 'scripts'].some((folder) => inside(ROOT, folder)(file)),
    );
    expect(importCircles(ROOT, code)).toEqual([]);
  });
});

describe('import direction: the check itself', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'import-direction-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('names each import that goes up, whatever its form, and none that stays in its folder', () => {
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), text);
    };
    write('scripts/tool.ts', 'export const tool = 1;\n');
    write('test/helper.ts', 'export const helper = 1;\n');
    write('server/own.ts', 'export const own = 1;\n');
    write(
      'server/app.ts',
      [
        "import { own } from './own';",
        "import type { tool } from '../scripts/tool';",
        "export { helper } from '../test/helper';",
        "const later = () => import('../scripts/tool');",
        '',
      ].join('\n'),
    );
    const files = ['scripts/tool.ts', 'test/helper.ts', 'server/own.ts', 'server/app.ts'].map((f) => join(fixture, f));
    const app = join('server', 'app.ts');
    const tool = join('scripts', 'tool.ts');
    expect(importsAcross(fixture, files, 'server', 'scripts')).toEqual([
      `${app} imports '../scripts/tool' (${tool})`,
      `${app} imports '../scripts/tool' (${tool})`,
    ]);
    expect(importsAcross(fixture, files, 'server', 'test')).toEqual([
      `${app} imports '../test/helper' (${join('test', 'helper.ts')})`,
    ]);
    expect(importsAcross(fixture, files, 'server', 'server')).toEqual([
      `${app} imports './own' (${join('server', 'own.ts')})`,
    ]);
  });

  it('finds a circle of three, a file that imports itself, and nothing in a chain', () => {
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), text);
    };
    write('circle/a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('circle/b.ts', "import type { C } from './c';\nexport const b = 1 as unknown as C;\n");
    write('circle/c.ts', "export type C = number;\nexport const later = () => import('./a');\n");
    write('circle/self.ts', "export * from './self';\n");
    write('circle/chain.ts', "import { a } from './a';\nexport const chain = a;\n");
    const files = ['chain', 'a', 'b', 'c', 'self'].map((name) => join(fixture, 'circle', `${name}.ts`));
    expect(importCircles(fixture, files)).toEqual([
      ['a', 'b', 'c'].map((name) => join('circle', `${name}.ts`)),
      [join('circle', 'self.ts')],
    ]);
  });
});
