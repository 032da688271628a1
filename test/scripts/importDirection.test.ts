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
});
