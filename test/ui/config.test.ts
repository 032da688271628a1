import { describe, expect, it } from 'vitest';
import {
  loadConfig,
  localDefaults,
  parseConfig as parse,
  PRODUCTION_DEFAULTS,
  runtimeSettings,
  runtimeSettingsScript,
  type RawConfig,
} from '../../src/config';

const parseConfig = (raw: RawConfig) => parse(raw, localDefaults());

describe('config', () => {
  it('defaults to the local emulator mode of the shared conventions', () => {
    expect(parseConfig({})).toEqual({
      backendUrl: 'http://localhost:5000',
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-club-clothing.firebaseapp.com',
        projectId: 'demo-club-clothing',
        appId: 'demo-club-clothing-app',
      },
      useEmulators: true,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      firestoreEmulatorHost: '127.0.0.1:8080',
    });
  });

  it('reads every variable; empty strings fall back to defaults', () => {
    const config = parseConfig({
      BACKEND_URL: 'https://api.example.com',
      FIREBASE_PROJECT_ID: 'club-prod',
      USE_FIREBASE_EMULATORS: 'false',
      AUTH_EMULATOR_URL: 'http://127.0.0.1:19099',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:18080',
      FIREBASE_API_KEY: '',
    });
    expect(config.backendUrl).toBe('https://api.example.com');
    expect(config.firebase.projectId).toBe('club-prod');
    expect(config.firebase.apiKey).toBe('demo-api-key');
    expect(config.useEmulators).toBe(false);
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:19099');
    expect(config.firestoreEmulatorHost).toBe('127.0.0.1:18080');
  });

  it('rejects a malformed backend URL or emulator host, naming the field', () => {
    expect(() => parseConfig({ BACKEND_URL: 'localhost:5000/x y' })).toThrow(/backendUrl/);
    expect(() => parseConfig({ FIRESTORE_EMULATOR_HOST: 'http://127.0.0.1:8080' })).toThrow(/firestoreEmulatorHost/);
  });

  it('production mode: no Firebase default (a missing setting names itself), the backend on the same origin', () => {
    expect(() => parse({}, PRODUCTION_DEFAULTS)).toThrow(/firebase\.apiKey/);
    const config = parse(
      {
        FIREBASE_API_KEY: 'AIza-x',
        FIREBASE_AUTH_DOMAIN: 'club.firebaseapp.com',
        FIREBASE_PROJECT_ID: 'club',
        FIREBASE_APP_ID: '1:2:web:3',
      },
      PRODUCTION_DEFAULTS,
    );
    expect(config.backendUrl).toBe('');
    expect(config.useEmulators).toBe(false);
    expect(config.authEmulatorUrl).toBeUndefined();
  });

  describe("a local page's run-time settings (the local stack's addresses)", () => {
    /** A document holding exactly this HTML. */
    const page = (html: string) =>
      new DOMParser().parseFromString(`<!DOCTYPE html><html><head>${html}</head></html>`, 'text/html');

    it('win over the build settings and pass the same validation', () => {
      const doc = page(
        runtimeSettingsScript({
          BACKEND_URL: 'http://localhost:41000',
          AUTH_EMULATOR_URL: 'http://127.0.0.1:41001',
          FIRESTORE_EMULATOR_HOST: '127.0.0.1:41002',
        }),
      );
      expect(loadConfig(doc)).toEqual({
        backendUrl: 'http://localhost:41000',
        firebase: {
          apiKey: 'demo-api-key',
          authDomain: 'demo-club-clothing.firebaseapp.com',
          projectId: 'demo-club-clothing',
          appId: 'demo-club-clothing-app',
        },
        useEmulators: true,
        authEmulatorUrl: 'http://127.0.0.1:41001',
        firestoreEmulatorHost: '127.0.0.1:41002',
      });
      expect(() => loadConfig(page(runtimeSettingsScript({ FIRESTORE_EMULATOR_HOST: 'nope' })))).toThrow(
        /firestoreEmulatorHost/,
      );
    });

    it('are none without a block', () => {
      expect(runtimeSettings(page('<title>x</title>'))).toEqual({});
      expect(loadConfig(page('')).backendUrl).toBe('http://localhost:5000');
    });

    it('refuse a block that is not JSON or holds anything else', () => {
      const block = (json: string) => page(`<script type="application/json" id="club-settings">${json}</script>`);
      expect(() => runtimeSettings(block('{'))).toThrow(SyntaxError);
      expect(() => runtimeSettings(block('{"STRIPE_SECRET_KEY":"x"}'))).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => runtimeSettings(block('{"BACKEND_URL":5000}'))).toThrow(/BACKEND_URL/);
    });

    it('keep a value that holds </script> inside the block', () => {
      const value = 'http://localhost:1/</script><b>';
      expect(runtimeSettingsScript({ BACKEND_URL: value })).not.toContain('</script><b>');
      expect(runtimeSettings(page(runtimeSettingsScript({ BACKEND_URL: value })))).toEqual({ BACKEND_URL: value });
    });
  });
});
