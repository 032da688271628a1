// @vitest-environment node
import { afterAll, describe } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { createFirebaseAuth } from '../../src/adapters/auth/firebase';
import { testAuthPort } from './auth.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulatorData';

// The Firebase Auth JS SDK in Node against the real Auth emulator; Google through the local-chooser mode.
describe.skipIf(emulatorsUnavailable())('Auth emulator', () => {
  const emulators = useEmulators();
  const apps: FirebaseApp[] = [];
  afterAll(() => Promise.all(apps.map(deleteApp)));

  testAuthPort('createFirebaseAuth', async ({ chooseGoogleAccount }) => {
    const { authHost, projectId } = emulators();
    const app = initializeApp(
      { projectId, apiKey: 'demo-key', authDomain: `${projectId}.firebaseapp.com` },
      `auth-${apps.length}`,
    );
    apps.push(app);
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
    return createFirebaseAuth({ auth, google: { mode: 'local-chooser', choose: chooseGoogleAccount } });
  });
});
