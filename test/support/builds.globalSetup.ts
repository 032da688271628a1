// The "builds" vitest project's global setup: the two storefront builds its files inspect, made ONCE per run:
//   - local: `npm start`'s mode (emulators on this machine, CLUB_MODE unset), the run's one local Parcel build
//     (test/support/localBuildHandover.ts). When the e2e stack runs in this process, its prerendered copy of that
//     build; otherwise (`--project builds`, or a machine without Chromium) the Parcel output itself;
//   - production: CLUB_MODE=production with valid-looking fake Firebase settings, what `npm run build:prod` makes.
// Each is a cold build into a fresh temp folder, so every file in it belongs to that build (a warm Parcel cache
// skips writing unchanged bundles). The builds run in the background and the files wait for their folders with
// useBuilds() (test/support/builds.ts, test/support/readiness.ts says why).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStorefront } from '../../scripts/lib/stack';
import { FAKE_PRODUCTION_ENV, type BuiltFolders, type ProvidedBuilds } from './builds';
import { localParcelBuild, takeLocalBuild } from './localBuildHandover';
import { serveReadiness } from './readiness';

declare module 'vitest' {
  export interface ProvidedContext {
    builds: ProvidedBuilds;
  }
}

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'club-builds-'));
  let aFileAsked!: () => void;
  const firstFileAsks = new Promise<void>((resolve) => (aFileAsked = resolve));
  const built = (async (): Promise<BuiltFolders> => {
    // The local build first (the e2e and fault stacks wait for it), then the production build: two Parcels at
    // once on 2 cores are slower than in turn. Separate caches: CLUB_MODE is inlined, the two must not share bundles.
    const parcelOutput = await localParcelBuild();
    const production = join(work, 'production');
    await buildStorefront({ env: FAKE_PRODUCTION_ENV, distDir: production, cacheDir: join(work, 'cache-production') });
    // Every global setup has run once a file asks, so the e2e stack's folder is on offer by then if it ever is.
    await firstFileAsks;
    const offered = takeLocalBuild();
    if (!offered) return { production, local: parcelOutput };
    const local = await offered;
    console.log(`[builds] the local build is the e2e stack's (${local})`);
    return { production, local };
  })();
  const readiness = await serveReadiness('builds', built, { onFirstRequest: aFileAsked });
  project.provide('builds', { ready: readiness.url });
  return async () => {
    await built.catch(() => {});
    await readiness.close();
    rmSync(work, { recursive: true, force: true });
  };
}
