// @vitest-environment node
// The production build's settings check: the storefront's own schema (src/config.ts) names what is missing or
// malformed, the production rules what is local or a demo, and the build's own settings (mode, origin) have theirs.
// Each problem names its variable.
import { describe, expect, it } from 'vitest';
import {
  assertProductionConfig,
  checkProductionConfig,
  ProductionConfigError,
  productionConfigProblems,
} from '../../scripts/lib/productionConfig';

const PRODUCTION = {
  CLUB_MODE: 'production',
  FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheSettingsTest00000000000',
  FIREBASE_AUTH_DOMAIN: 'club-clothing-test.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'club-clothing-test',
  FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789abcdef',
  SITE_ORIGIN: 'https://club-clothing-test.web.app',
};

describe('production settings check', () => {
  it('accepts complete production settings and hands back the build settings', () => {
    expect(checkProductionConfig(PRODUCTION)).toEqual({
      problems: [],
      settings: { mode: 'production', siteOrigin: 'https://club-clothing-test.web.app', preview: false },
    });
  });

  it.each([
    ['FIREBASE_API_KEY', '', /^FIREBASE_API_KEY is missing/],
    ['FIREBASE_APP_ID', '   ', /^FIREBASE_APP_ID is missing/],
    [
      'FIREBASE_PROJECT_ID',
      'demo-club-clothing',
      /^FIREBASE_PROJECT_ID is a demo project setting \("demo-club-clothing"\)/,
    ],
    ['FIREBASE_AUTH_DOMAIN', '127.0.0.1:9099', /^FIREBASE_AUTH_DOMAIN points at this machine/],
    ['FIREBASE_AUTH_DOMAIN', 'localhost', /^FIREBASE_AUTH_DOMAIN points at this machine/],
    ['BACKEND_URL', 'http://localhost:5000', /^BACKEND_URL points at this machine/],
    ['BACKEND_URL', 'http://api.club.example', /^BACKEND_URL must be https/],
    ['BACKEND_URL', 'api.club.example/x y', /^BACKEND_URL/],
    ['FIRESTORE_EMULATOR_HOST', 'http://127.0.0.1:8080', /^FIRESTORE_EMULATOR_HOST/],
    ['SITE_ORIGIN', 'http://club.example', /^SITE_ORIGIN must be the public https origin/],
    ['SITE_ORIGIN', '', /^SITE_ORIGIN is missing/],
    ['USE_FIREBASE_EMULATORS', 'true', /^USE_FIREBASE_EMULATORS is on/],
    ['CLUB_MODE', 'local', /^CLUB_MODE must be "production" \(got "local"\)/],
  ])('refuses %s=%j, naming it', (name, value, message) => {
    const problems = productionConfigProblems({ ...PRODUCTION, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('lists every problem at once', () => {
    const problems = productionConfigProblems({
      ...PRODUCTION,
      FIREBASE_APP_ID: '',
      FIREBASE_PROJECT_ID: 'demo-x',
      SITE_ORIGIN: '',
    });
    expect(problems).toHaveLength(3);
    expect(() => assertProductionConfig({ ...PRODUCTION, FIREBASE_APP_ID: '' })).toThrow(ProductionConfigError);
  });

  it('the preview (CLUB_PREVIEW_EMULATORS=true) may point at the emulators, but still needs every setting', () => {
    const preview = {
      ...PRODUCTION,
      CLUB_PREVIEW_EMULATORS: 'true',
      FIREBASE_PROJECT_ID: 'demo-club-clothing',
      FIREBASE_AUTH_DOMAIN: '127.0.0.1:9099',
      USE_FIREBASE_EMULATORS: 'true',
      SITE_ORIGIN: 'http://127.0.0.1:5002',
    };
    expect(productionConfigProblems(preview)).toEqual([]);
    expect(productionConfigProblems({ ...preview, FIREBASE_API_KEY: '' })).toEqual([
      expect.stringMatching(/^FIREBASE_API_KEY is missing/),
    ]);
  });
});
