// @vitest-environment node
// The launcher's lifecycle — what `npm start` and Ctrl-C do — on a stack of its own with a data folder:
// emulators on free ports with the rules, the catalog seeded, the backend; the Firebase adapters together on
// one app (a real Auth session, so the rules see the real token); a stop that frees every port and exports the
// data; a restart that imports it and does not seed again. No storefront build here: what the built storefront
// serves is checked on the run's e2e stack (test/e2e/e2eStack.test.ts), which is the same startLocalStack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it } from 'vitest';
import { createFirebaseAuth } from '../../src/adapters/auth/firebase';
import { createFirestoreCatalog } from '../../src/adapters/catalog/firestoreCatalog';
import { createFirestoreUsers } from '../../src/adapters/users/firestoreUsers';
import { EmulatorPrerequisiteError, startEmulators, type RunningEmulators } from '../../scripts/lib/emulators';
import { isPortFree } from '../../scripts/lib/ports';
import { startLocalStack, type LocalStack } from '../../scripts/lib/stack';
import { emulatorsMissing } from '../e2e/support/availability';

const work = mkdtempSync(join(tmpdir(), 'local-stack-'));
const dataDir = join(work, 'data');
const running: LocalStack[] = [];
const apps: FirebaseApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map(deleteApp));
  await Promise.all(running.map((stack) => stack.stop()));
  rmSync(work, { recursive: true, force: true });
}, 60_000);

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

const firestoreRest = (host: string, path: string, init?: RequestInit) =>
  fetch(`${host}/v1/projects/demo-club-clothing/databases/(default)/documents/${path}`, {
    ...init,
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json', ...init?.headers },
  });

/** This file starts emulators of its own (it tests the launcher): skip locally without gcloud/Java, never under CI. */
function launcherUnavailable(): string | null {
  const missing = emulatorsMissing();
  if (missing) console.warn(`Skipping the launcher tests (set CI=true to make this a failure): ${missing}`);
  return missing;
}

describe.skipIf(launcherUnavailable())('startLocalStack: stop and restart with a data folder', () => {
  const email = 'dora.alves@example.com';
  let doraUid = '';
  let biaUid = '';

  it('starts on free ports with the rules and the seeded catalog; a real Auth session writes its own profile; stop() frees every port', async () => {
    // A prebuilt storefront ('serve'): the static server's port must be freed too.
    const distDir = join(work, 'dist');
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><html lang="pt-BR"><title>Club Clothing</title></html>');
    const stack = await startLocalStack({ dataDir, storefront: 'serve', distDir });
    running.push(stack);
    expect(Object.values(stack.ports)).not.toContain(8080);
    expect(Object.values(stack.ports)).not.toContain(9099);
    expect(stack.seed).toMatchObject({ status: 'seeded', categories: 5, products: 40 });
    expect((await fetch(`${stack.urls.storefront}/`)).status).toBe(200);
    expect(await (await fetch(`${stack.urls.backend}/health`)).json()).toMatchObject({
      ok: true,
      provider: 'simulated',
    });

    const { auth, users, catalog } = adaptersOn(stack.emulators);
    const dora = await auth.signUp({ email, password: 'segredo123' });
    doraUid = dora.uid;
    await users.create({ id: dora.uid, email, firstName: 'Dora', lastName: 'Alves', provider: 'firebase' });
    // The rules check the provider against the real token's sign-in method.
    await expect(
      users.create({ id: dora.uid, email, firstName: 'Dora', lastName: 'Alves', provider: 'google' }),
    ).rejects.toMatchObject({ code: 'users/write-failed' });
    await auth.signOut();
    const bia = await auth.signInWithGoogle();
    biaUid = bia.uid;
    await users.create({
      id: bia.uid,
      email: bia.email ?? '',
      firstName: 'Bia',
      lastName: 'Rocha Lima',
      provider: 'google',
    });
    // Signed in as Bia, Dora's profile is out of reach.
    await expect(users.findById(doraUid)).rejects.toMatchObject({ code: 'users/unavailable' });
    // The seed wrote 8 products per category (seed/seedCatalog.ts: 5 categories, 40 products).
    const jackets = await catalog.getCategory('jackets');
    expect(jackets?.products).toHaveLength(8);
    const marker = await firestoreRest(stack.urls.firestoreEmulator, 'categories?documentId=promo', {
      method: 'POST',
      body: JSON.stringify({ fields: { id: { stringValue: 'promo' } } }),
    });
    expect(marker.status).toBe(200);

    await stack.stop();
    await stack.stop(); // idempotent
    for (const port of Object.values(stack.ports)) expect(await isPortFree(port), `port ${port}`).toBe(true);
  }, 240_000);

  it('a restart imports what the stop exported to dataDir (accounts, profiles, catalog) and does not seed again', async () => {
    const stack = await startLocalStack({ dataDir, storefront: 'none', backend: false });
    running.push(stack);
    expect(stack.seed).toMatchObject({ status: 'skipped', existing: 6 });
    expect((await firestoreRest(stack.urls.firestoreEmulator, 'categories/promo')).status).toBe(200);
    const { auth, users, catalog } = adaptersOn(stack.emulators);
    const dora = await auth.signIn(email, 'segredo123');
    expect(dora.uid).toBe(doraUid);
    await expect(users.findById(doraUid)).resolves.toMatchObject({ firstName: 'Dora', provider: 'firebase' });
    await auth.signOut();
    expect((await auth.signInWithGoogle()).uid).toBe(biaUid);

    await stack.emulators.clearFirestore();
    await stack.emulators.clearAuth();
    await expect(catalog.listCategories()).resolves.toEqual([]);
    await auth.signOut();
    await expect(auth.signIn(email, 'segredo123')).rejects.toMatchObject({ code: 'auth/user-not-found' });
  }, 240_000);
});

describe('startEmulators prerequisites', () => {
  it('fails with one clear EmulatorPrerequisiteError when gcloud is not on the PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = join(work, 'no-such-bin');
    try {
      const error = await startEmulators().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmulatorPrerequisiteError);
      expect((error as Error).message).toMatch(
        /gcloud was not found on the PATH.*apt-get install -y openjdk-17-jre-headless google-cloud-cli google-cloud-cli-firestore-emulator/,
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});
