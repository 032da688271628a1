// Packages the backend for Cloud Functions: server/functions.ts bundled by esbuild (already here through tsx)
// into <out>/index.js + chunks (the backend, and the storefront's lazy parts its page renderer imports), ESM for Node 20, our own code (server/ and the src/ it imports) inlined, every npm package
// left as an import; <out>/package.json lists exactly those packages at the versions package-lock.json installed,
// so Cloud Build's `npm install` gets what the tests ran with. firebase.json: functions.source = ".functions".
// The catalog pages it renders on request (server/render/) fill the storefront build's app shell: app-shell.html
// and 404.html are copied into <out>/site/.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack';

export const FUNCTIONS_DIR = join(ROOT, '.functions');

const packageName = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

/**
 * Bundles into .functions/ and links the repo's node_modules there, for the Functions emulator and for
 * `firebase deploy`'s local discovery of the exported functions (not uploaded: firebase.json ignores node_modules).
 */
export async function bundleFunctions({ distDir = join(ROOT, 'dist') }: { distDir?: string } = {}) {
  const dir = FUNCTIONS_DIR;
  const site = join(dir, 'site');
  for (const file of ['app-shell.html', '404.html']) {
    if (!existsSync(join(distDir, file)))
      throw new Error(`functions bundle: ${join(distDir, file)} is missing (build and prerender the storefront first)`);
  }
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  for (const file of ['app-shell.html', '404.html']) copyFileSync(join(distDir, file), join(site, file));
  const { build } = await import('esbuild');
  for (const file of existsSync(dir) ? readdirSync(dir) : []) if (file.endsWith('.js')) rmSync(join(dir, file));
  mkdirSync(dir, { recursive: true });
  const result = await build({
    // index.js holds only the function's declaration (what discovery imports); the backend is a chunk that
    // the first request loads (server/functions.ts imports it dynamically).
    entryPoints: { index: join(ROOT, 'server', 'functions.ts') },
    outdir: dir,
    splitting: true,
    chunkNames: 'backend-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const dependencies: Record<string, string> = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const name = packageName(imported.path);
      const version = lock.packages[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`functions bundle imports ${name}, which package-lock.json does not install`);
      dependencies[name] = version;
    }
  }
  const manifest = {
    name: 'club-clothing-functions',
    private: true,
    type: 'module',
    main: 'index.js',
    engines: { node: '20' },
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { dir, dependencies: manifest.dependencies, bytes };
}
