// What test/support/builds.globalSetup.ts builds and hands to the "builds" project's files.

/** Folders of the run's two storefront builds (Parcel's dist dirs). */
export interface ProvidedBuilds {
  /** `npm start`'s settings: the emulators on this machine, CLUB_MODE unset. */
  local: string;
  /** CLUB_MODE=production with FAKE_PRODUCTION_ENV. */
  production: string;
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
