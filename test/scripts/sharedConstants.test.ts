// @vitest-environment node
// One home for the local stack's numbers: each runtime's defaults come from src/sharedConstants.ts, and
// firebase.json (JSON cannot import it) names the same emulator ports. Expectations are written out here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTS as STACK_PORTS, ROOT } from '../../scripts/lib/stack';
import { DEFAULT_PROJECT_ID, targetFromEnv } from '../../scripts/lib/firestoreAdmin';
import { loadConfig as loadServerConfig } from '../../server/serverConfig';
import { localDefaults } from '../../src/config';
import { DEFAULT_PORTS, DEMO_PROJECT_ID } from '../../src/sharedConstants';

describe('shared constants', () => {
  it('are the ports and project of docs/requirements.md#calls and the emulators', () => {
    expect(DEFAULT_PORTS).toEqual({ auth: 9099, firestore: 8080, backend: 5000, storefront: 1234 });
    expect(DEMO_PROJECT_ID).toBe('demo-club-clothing');
  });

  it('firebase.json runs the emulators on the same ports', () => {
    const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
      emulators: Record<string, { port?: number }>;
    };
    expect(firebase.emulators.auth?.port).toBe(DEFAULT_PORTS.auth);
    expect(firebase.emulators.firestore?.port).toBe(DEFAULT_PORTS.firestore);
  });

  it('each runtime defaults to them', () => {
    expect(STACK_PORTS).toBe(DEFAULT_PORTS);
    expect(DEFAULT_PROJECT_ID).toBe(DEMO_PROJECT_ID);
    const server = loadServerConfig({});
    expect([server.port, server.projectId, server.storefrontUrl, server.publicUrl]).toEqual([
      5000,
      'demo-club-clothing',
      'http://localhost:1234',
      'http://localhost:5000',
    ]);
    expect(localDefaults().backendUrl).toBe('http://localhost:5000');
    expect(localDefaults().firestoreEmulatorHost).toBe('127.0.0.1:8080');
    expect(localDefaults().authEmulatorUrl).toBe('http://127.0.0.1:9099');
    expect(localDefaults().firebase.projectId).toBe('demo-club-clothing');
    expect(targetFromEnv({})).toEqual({ kind: 'emulator', projectId: 'demo-club-clothing', host: '127.0.0.1:8080' });
  });

  it('the build reads the catalog location from the env it is given, credentials included', () => {
    const env = { GOOGLE_APPLICATION_CREDENTIALS: '/keys/club.json', GCLOUD_PROJECT: 'club-prod' };
    expect(targetFromEnv(env)).toEqual({ kind: 'project', projectId: 'club-prod', credentialsFile: '/keys/club.json' });
  });
});
