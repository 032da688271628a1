// The "builds" vitest project's global setup: the two storefront builds its files inspect, made ONCE per run
// (they used to be five cold `parcel build`s, one or two per file):
//   - local: the settings `npm start` bakes in (emulators on this machine, CLUB_MODE unset);
//   - production: CLUB_MODE=production with valid-looking fake Firebase settings, what `npm run build:prod` makes.
// Each is a cold build into a fresh temp folder, so every file in it belongs to that build (a warm Parcel cache
// skips writing unchanged bundles). The folders are provided at once; the builds run in the background and the
// files wait for them with useBuilds() (test/support/builds.ts, test/support/readiness.ts says why).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStorefront, DEFAULT_PORTS, storefrontEnv } from '../../scripts/lib/stack';
import { FAKE_PRODUCTION_ENV, type ProvidedBuilds } from './builds';
import { serveReadiness } from './readiness';

declare module 'vitest' {
  export interface ProvidedContext {
    builds: ProvidedBuilds;
  }
}

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'club-builds-'));
  const local = join(work, 'local');
  const production = join(work, 'production');
  const built = (async () => {
    // One after the other: two Parcels at once on 2 cores are slower than in turn. Separate caches: CLUB_MODE
    // is inlined, the two builds must not share bundles.
    await buildStorefront({ env: { ...storefrontEnv('demo-club-clothing', DEFAULT_PORTS), CLUB_MODE: '' }, distDir: local, cacheDir: join(work, 'cache-local') });
    await buildStorefront({ env: FAKE_PRODUCTION_ENV, distDir: production, cacheDir: join(work, 'cache-production') });
    return true;
  })();
  const readiness = await serveReadiness('builds', built);
  project.provide('builds', { local, production, ready: readiness.url });
  return async () => {
    await built.catch(() => {});
    await readiness.close();
    rmSync(work, { recursive: true, force: true });
  };
}
