// @vitest-environment node
import { afterAll, describe } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { createFirestoreCatalog } from '../../src/adapters/catalog/firestoreCatalog';
import { testCatalogPort, testProductCatalogPort } from './catalog.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulatorData';
import { writeDocuments } from './support/firestoreRest';

describe.skipIf(emulatorsUnavailable())('Firestore emulator', () => {
  const emulators = useEmulators();
  const apps: FirebaseApp[] = [];
  afterAll(() => Promise.all(apps.map(deleteApp)));

  const connect = () => {
    const { firestoreHost, projectId } = emulators();
    const app = initializeApp({ projectId, apiKey: 'demo-key' }, `catalog-${apps.length}`);
    apps.push(app);
    const db = getFirestore(app);
    const [host, port] = firestoreHost.split(':');
    connectFirestoreEmulator(db, host!, Number(port));
    return createFirestoreCatalog({ db });
  };

  testCatalogPort('createFirestoreCatalog', async (documents) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'categories', documents);
    return connect();
  });

  // Reads are not observable here: the suite checks what each call returned against its limits.
  testProductCatalogPort('createFirestoreCatalog', async ({ categories, products }) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'categories', categories);
    await writeDocuments(firestoreHost, projectId, 'products', products);
    return { catalog: connect() };
  });
});
