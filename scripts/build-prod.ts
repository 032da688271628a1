// `npm run build:prod`: the production build, refusing bad settings first (scripts/lib/productionConfig.ts).
//   1. Parcel with CLUB_MODE=production (its own cache: .parcel-cache/prod) into dist/;
//   2. the prerender (scripts/prerender.ts) from the real catalog: GOOGLE_APPLICATION_CREDENTIALS + GCLOUD_PROJECT
//      (or FIRESTORE_EMULATOR_HOST for the preview);
//   3. the manifest and the offline service worker (scripts/build-sw.ts, docs/offline.md);
//   4. firebase.deploy.json: firebase.json + the CSP with this build's inline-script hashes (scripts/hostingConfig.ts);
//   5. the Cloud Function bundle in .functions/ (scripts/lib/functionsBundle.ts).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runScript } from './lib/cli';
import { bundleFunctions } from './lib/functionsBundle';
import { assertProductionConfig, STOREFRONT_SETTINGS } from './lib/productionConfig';
import { buildStorefront, ROOT } from './lib/stack';
import { writeDeployConfig } from './hostingConfig';

/** The variables the storefront bundle reads (src/config.ts), with CLUB_MODE. */
const BUNDLE_SETTINGS = [...STOREFRONT_SETTINGS, 'CLUB_PREVIEW_EMULATORS'] as const;

export interface ProductionBuildOptions {
  env?: NodeJS.ProcessEnv;
  distDir?: string;
  cacheDir?: string;
  /** Extra CSP connect-src origins (the preview's emulators). */
  extraConnect?: readonly string[];
  /** Where to write the Firebase config (default firebase.deploy.json). */
  configOut?: string;
  log?: (line: string) => void;
}

export async function buildProduction(options: ProductionBuildOptions = {}) {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), CLUB_MODE: 'production' };
  const settings = assertProductionConfig(env);
  const log = options.log ?? console.log;
  const distDir = resolve(options.distDir ?? join(ROOT, 'dist'));
  const bundleEnv: Record<string, string> = { CLUB_MODE: 'production' };
  for (const name of BUNDLE_SETTINGS) bundleEnv[name] = env[name]?.trim() ?? '';
  log(`build:prod: Parcel (CLUB_MODE=production) into ${distDir}…`);
  await buildStorefront({ env: bundleEnv, distDir, cacheDir: options.cacheDir ?? join(ROOT, '.parcel-cache', 'prod') });

  const { withBuildCatalog } = await import('./lib/buildCatalog');
  const { prerenderSite } = await import('./prerender');
  const origin = settings.siteOrigin;
  // The catalog's location comes from this build's env, handed down: process.env stays as it was.
  const result = await withBuildCatalog((catalog, source) => {
    log(`build:prod: prerendering from ${source}, origin ${origin}…`);
    return prerenderSite({ distDir, catalog, origin });
  }, env);
  log(`build:prod: ${result.pages} pages prerendered.`);
  const { buildServiceWorker } = await import('./build-sw');
  const worker = await buildServiceWorker(distDir);
  log(
    `build:prod: sw.js precaches ${worker.count} files (${Math.round(worker.size / 1024)} KB, ${Math.round(worker.gzipSize / 1024)} KB gz).`,
  );

  const config = await writeDeployConfig({
    distDir,
    authDomain: env.FIREBASE_AUTH_DOMAIN!.trim(),
    extraConnect: options.extraConnect,
    out: options.configOut,
  });
  log(`build:prod: ${config.file} (CSP with ${config.scriptHashes.length} inline-script hashes).`);
  const functions = await bundleFunctions({ distDir });
  log(
    `build:prod: Cloud Function bundle ${functions.dir}/index.js (${(functions.bytes / 1024).toFixed(0)} KB), ${Object.keys(functions.dependencies).length} dependencies.`,
  );
}

await runScript(import.meta.url, 'build:prod', async () => {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
  await buildProduction({ distDir: values.dist });
  process.exit(0);
});
