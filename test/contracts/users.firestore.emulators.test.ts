// @vitest-environment node
import { afterAll, describe } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import { createFirestoreUsers } from '../../src/adapters/users/firestoreUsers';
import { testUsersPort } from './users.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulatorData';
import { writeDocuments } from './support/firestoreRest';

setLogLevel('silent'); // denied writes are expected here; the SDK would log each one

// Runs under firestore.rules, signed in (mock emulator token) as the profile's own uid and sign-in method.
describe.skipIf(emulatorsUnavailable())('Firestore emulator', () => {
  const emulators = useEmulators();
  const apps: FirebaseApp[] = [];
  afterAll(() => Promise.all(apps.map(deleteApp)));

  testUsersPort('createFirestoreUsers', async ({ uid, provider, documents = {} }) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'users', documents);
    const app = initializeApp({ projectId, apiKey: 'demo-key' }, `users-${apps.length}`);
    apps.push(app);
    const db = getFirestore(app);
    const [host, port] = firestoreHost.split(':');
    connectFirestoreEmulator(db, host!, Number(port), {
      mockUserToken: {
        user_id: uid,
        firebase: { sign_in_provider: provider === 'google' ? 'google.com' : 'password', identities: {} },
      },
    });
    return createFirestoreUsers({ db });
  });
});
