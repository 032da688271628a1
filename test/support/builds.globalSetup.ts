// The "builds" vitest project's global setup: the two storefront builds its files inspect, made ONCE per run
// (they used to be five cold `parcel build`s, one or two per file):
//   - production: CLUB_MODE=production with valid-looking fake Firebase settings, what `npm run build:prod` makes;
//   - local: `npm start`'s mode (emulators on this machine, CLUB_MODE unset). When the e2e stack runs in this
//     process it is that stack's build, which differs only in its ports (test/support/localBuildHandover.ts);
//     otherwise (`--project builds`, or a machine without Chromium) a build of its own with the default ports.
// Each is a cold build into a fresh temp folder, so every file in it belongs to that build (a warm Parcel cache
// skips writing unchanged bundles). The builds run in the background and the files wait for their folders with
// useBuilds() (test/support/builds.ts, test/support/readiness.ts says why).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStorefront, DEFAULT_PORTS, storefrontEnv } from '../../scripts/lib/stack';
import { FAKE_PRODUCTION_ENV, type BuiltFolders, type ProvidedBuilds } from './builds';
import { takeLocalBuild } from './localBuildHandover';
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
    const production = join(work, 'production');
    await buildStorefront({ env: FAKE_PRODUCTION_ENV, distDir: production, cacheDir: join(work, 'cache-production') });
    // Every global setup has run once a file asks, so the e2e stack's build is on offer by then if it ever is.
    await firstFileAsks;
    const offered = takeLocalBuild();
    if (offered) {
      const local = await offered;
      console.log(`[builds] the local build is the e2e stack's (${local})`);
      return { production, local };
    }
    // After the production build, not beside it: two Parcels at once on 2 cores are slower than in turn.
    // Separate caches: CLUB_MODE is inlined, the two builds must not share bundles.
    const local = join(work, 'local');
    await buildStorefront({
      env: { ...storefrontEnv('demo-club-clothing', DEFAULT_PORTS), CLUB_MODE: '' },
      distDir: local,
      cacheDir: join(work, 'cache-local'),
    });
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
