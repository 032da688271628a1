// @vitest-environment node
import { afterAll, describe } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import { createFirestoreOrders } from '../../src/adapters/orders/firestoreOrders';
import { testOrdersPort } from './orders.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulatorData';
import { writeDocuments } from './support/firestoreRest';

setLogLevel('silent'); // denied reads are expected here; the SDK would log each one

// Runs under firestore.rules, signed in (mock emulator token) as the shopper; documents written over REST as
// the owner, as the backend writes them with admin credentials.
describe.skipIf(emulatorsUnavailable())('Firestore emulator', () => {
  const emulators = useEmulators();
  const apps: FirebaseApp[] = [];
  afterAll(() => Promise.all(apps.map(deleteApp)));

  testOrdersPort('createFirestoreOrders', async ({ uid, documents = {}, log }) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'checkoutSessions', documents);
    const app = initializeApp({ projectId, apiKey: 'demo-key' }, `orders-${apps.length}`);
    apps.push(app);
    const db = getFirestore(app);
    const [host, port] = firestoreHost.split(':');
    connectFirestoreEmulator(db, host!, Number(port), {
      mockUserToken: { user_id: uid, firebase: { sign_in_provider: 'password', identities: {} } },
    });
    return createFirestoreOrders({ db, log });
  });
});
