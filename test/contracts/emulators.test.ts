// @vitest-environment node
// scripts/lib/emulators.ts end to end (its own emulators, not the run's shared pair): the adapters together on one Firebase app (real Auth session → rules see
// the real token), data surviving stop/start through dataDir, nothing left listening after stop(), and the
// prerequisite message.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it } from 'vitest';
import { createFirebaseAuth } from '../../src/adapters/auth/firebase';
import { createFirestoreCatalog } from '../../src/adapters/catalog/firestore';
import { createFirestoreUsers } from '../../src/adapters/users/firestore';
import { checkEmulatorPrerequisites, EmulatorPrerequisiteError, startEmulators, type RunningEmulators } from '../../scripts/lib/emulators';
import { aCategory } from '../support/builders';
import { RULES_FILE } from '../support/emulators.globalSetup';
import { writeDocuments } from './support/firestoreRest';

const dataDir = mkdtempSync(join(tmpdir(), 'club-emulator-data-'));
const running: RunningEmulators[] = [];
const apps: FirebaseApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map(deleteApp));
  await Promise.all(running.map((emulators) => emulators.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

function adaptersOn(emulators: RunningEmulators) {
  const app = initializeApp({ projectId: emulators.projectId, apiKey: 'demo-key' }, `launcher-${apps.length}`);
  apps.push(app);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, `http://${emulators.authHost}`, { disableWarnings: true });
  const db = getFirestore(app);
  const [host, port] = emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
  const google = { email: 'bia.rocha@example.com', name: 'Bia Rocha Lima' };
  return {
    auth: createFirebaseAuth({ auth, google: { mode: 'local-chooser', choose: async () => google } }),
    users: createFirestoreUsers({ db }),
    catalog: createFirestoreCatalog({ db }),
  };
}

const CI = process.env.CI === 'true' || process.env.CI === '1';
/** This file starts emulators of its own (it tests the launcher): skip locally without gcloud/Java, never under CI. */
function launcherUnavailable(): string | null {
  if (CI) return null;
  try {
    checkEmulatorPrerequisites();
    return null;
  } catch (error) {
    if (!(error instanceof EmulatorPrerequisiteError)) throw error;
    console.warn(`Skipping the emulator launcher tests (set CI=true to make this a failure): ${error.message}`);
    return error.message;
  }
}

const isListening = (host: string) =>
  fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) }).then(() => true, () => false);

describe.skipIf(launcherUnavailable())('startEmulators', () => {
  const jackets = aCategory().withId('jackets').build();
  const email = 'dora.alves@example.com';
  let doraUid = '';
  let biaUid = '';

  it('runs both emulators on free ports; a real Auth session writes its own profile under firestore.rules', async () => {
    const emulators = await startEmulators({ dataDir, rulesFile: RULES_FILE });
    running.push(emulators);
    expect(emulators.authHost).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(emulators.firestoreHost).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(emulators.authHost).not.toBe('127.0.0.1:9099');
    expect(emulators.firestoreHost).not.toBe('127.0.0.1:8080');
    await writeDocuments(emulators.firestoreHost, emulators.projectId, 'categories', { jackets });

    const { auth, users, catalog } = adaptersOn(emulators);
    const dora = await auth.signUp({ email, password: 'segredo123' });
    doraUid = dora.uid;
    await users.create({ id: dora.uid, email, firstName: 'Dora', lastName: 'Alves', provider: 'firebase' });
    // The rules check the provider against the real token's sign-in method.
    await expect(users.create({ id: dora.uid, email, firstName: 'Dora', lastName: 'Alves', provider: 'google' })).rejects.toMatchObject({ code: 'users/write-failed' });
    await auth.signOut();
    const bia = await auth.signInWithGoogle();
    biaUid = bia.uid;
    await users.create({ id: bia.uid, email: bia.email ?? '', firstName: 'Bia', lastName: 'Rocha Lima', provider: 'google' });
    // Signed in as Bia, Dora's profile is out of reach.
    await expect(users.findById(doraUid)).rejects.toMatchObject({ code: 'users/unavailable' });
    await expect(catalog.getCategory('jackets')).resolves.toEqual(jackets);

    const hosts = [emulators.authHost, emulators.firestoreHost];
    await emulators.stop();
    await emulators.stop(); // idempotent
    expect(await Promise.all(hosts.map(isListening))).toEqual([false, false]);
  }, 150_000);

  it('imports what the previous run exported to dataDir (accounts, profiles, catalog)', async () => {
    const emulators = await startEmulators({ dataDir, rulesFile: RULES_FILE });
    running.push(emulators);
    const { auth, users, catalog } = adaptersOn(emulators);
    const dora = await auth.signIn(email, 'segredo123');
    expect(dora.uid).toBe(doraUid);
    await expect(users.findById(doraUid)).resolves.toMatchObject({ firstName: 'Dora', provider: 'firebase' });
    await auth.signOut();
    expect((await auth.signInWithGoogle()).uid).toBe(biaUid);
    await expect(catalog.listCategories()).resolves.toEqual([jackets]);

    await emulators.clearFirestore();
    await emulators.clearAuth();
    await expect(catalog.listCategories()).resolves.toEqual([]);
    await auth.signOut();
    await expect(auth.signIn(email, 'segredo123')).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await emulators.stop();
  }, 150_000);
});

describe('startEmulators prerequisites', () => {
  it('fails with one clear EmulatorPrerequisiteError when gcloud is not on the PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = join(dataDir, 'no-such-bin');
    try {
      const error = await startEmulators().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmulatorPrerequisiteError);
      expect((error as Error).message).toMatch(/gcloud was not found on the PATH.*apt-get install -y openjdk-17-jre-headless google-cloud-cli google-cloud-cli-firestore-emulator/);
    } finally {
      process.env.PATH = saved;
    }
  });
});
