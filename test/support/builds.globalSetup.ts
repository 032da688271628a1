// The "builds" vitest project's global setup: the two storefront builds its files inspect, made ONCE per run
// (they used to be five cold `parcel build`s, one or two per file):
//   - local: the settings `npm start` bakes in (emulators on this machine, CLUB_MODE unset);
//   - production: CLUB_MODE=production with valid-looking fake Firebase settings, what `npm run build:prod` makes.
// Each is a cold build into a fresh temp folder, so every file in it belongs to that build (a warm Parcel cache
// skips writing unchanged bundles). Their folders reach the files with provide/inject.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStorefront, DEFAULT_PORTS, storefrontEnv } from '../../scripts/lib/stack';
import { FAKE_PRODUCTION_ENV, type ProvidedBuilds } from './builds';

declare module 'vitest' {
  export interface ProvidedContext {
    builds: ProvidedBuilds;
  }
}

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'club-builds-'));
  const builds: ProvidedBuilds = { local: join(work, 'local'), production: join(work, 'production') };
  // One after the other: two Parcels at once on 2 cores are slower than in turn. Separate caches: CLUB_MODE is
  // inlined, the two builds must not share bundles.
  await buildStorefront({ env: { ...storefrontEnv('demo-club-clothing', DEFAULT_PORTS), CLUB_MODE: '' }, distDir: builds.local, cacheDir: join(work, 'cache-local') });
  await buildStorefront({ env: FAKE_PRODUCTION_ENV, distDir: builds.production, cacheDir: join(work, 'cache-production') });
  project.provide('builds', builds);
  return () => rmSync(work, { recursive: true, force: true });
}
