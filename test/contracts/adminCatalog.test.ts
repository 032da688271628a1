// @vitest-environment node
import { afterAll, describe } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import { testCatalogPort } from './catalog.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulators';
import { writeDocuments } from './support/firestoreRest';

// The backend's CatalogPort (firebase-admin) against the same contract as the storefront's.
describe.skipIf(emulatorsUnavailable(['firestore']))('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators({ only: ['firestore'] });
  let app: App | undefined;
  let firestore: Firestore | undefined;
  afterAll(async () => {
    await firestore?.terminate();
    if (app) await deleteApp(app);
  });

  testCatalogPort('createAdminCatalog', async (documents) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'categories', documents);
    if (!firestore) {
      process.env.METADATA_SERVER_DETECTION ??= 'none';
      app = initializeApp({ projectId }, `admin-catalog-${process.pid}`);
      firestore = getFirestore(app);
      firestore.settings({ host: firestoreHost, ssl: false });
    }
    return createAdminCatalog({ firestore });
  });
});
