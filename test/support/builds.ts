// What test/support/builds.globalSetup.ts builds and hands to the "builds" project's files.
import { beforeAll, inject } from 'vitest';
import { awaitReady } from './readiness';

/** Folders of the run's two storefront builds (Parcel's dist dirs). */
export interface ProvidedBuilds {
  /** `npm start`'s settings: the emulators on this machine, CLUB_MODE unset. */
  local: string;
  /** CLUB_MODE=production with FAKE_PRODUCTION_ENV. */
  production: string;
  /** Where the builds' outcome is served (test/support/readiness.ts). */
  ready: string;
}

/**
 * The run's two builds, for a file of the "builds" project: the folders at once, their content only once the
 * builds are done. Read the folders in beforeAll/it, never at the top of the file. `then` runs in the same
 * beforeAll, after the builds are ready.
 */
export function useBuilds(then?: (builds: ProvidedBuilds) => void): ProvidedBuilds {
  const builds = inject('builds');
  beforeAll(async () => {
    await awaitReady(builds.ready);
    then?.(builds);
  }, 900_000);
  return builds;
}

/** Valid-looking production settings (scripts/lib/productionConfig.ts accepts them); nothing here is real. */
export const FAKE_PRODUCTION_ENV = {
  CLUB_MODE: 'production',
  FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheBundleTest000000000000',
  FIREBASE_AUTH_DOMAIN: 'club-clothing-test.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'club-clothing-test',
  FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789abcdef',
  SITE_ORIGIN: 'https://club-clothing-test.web.app',
} as const;
