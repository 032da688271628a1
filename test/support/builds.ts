// What test/support/builds.globalSetup.ts builds and hands to the "builds" project's files.
import { beforeAll, inject } from 'vitest';
import { awaitReady } from './readiness';

/** Folders of the run's two storefront builds (Parcel's dist dirs). */
export interface BuiltFolders {
  /** `npm start`'s mode: the emulators on this machine, CLUB_MODE unset (prerendered when it is the e2e stack's). */
  local: string;
  /** CLUB_MODE=production with FAKE_PRODUCTION_ENV. */
  production: string;
}

/** What the global setup provides: where the builds' outcome is served (test/support/readiness.ts). */
export interface ProvidedBuilds {
  ready: string;
}

/**
 * The run's two builds, for a file of the "builds" project. The folders are filled in by this file's beforeAll,
 * once the builds are done: read them in it() or in `then` (which runs in that beforeAll), never at the top of
 * the file.
 */
export function useBuilds(then?: (builds: BuiltFolders) => void): BuiltFolders {
  const folders: BuiltFolders = { local: '', production: '' };
  beforeAll(async () => {
    Object.assign(folders, await awaitReady<BuiltFolders>(inject('builds').ready));
    then?.(folders);
  }, 900_000);
  return folders;
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
