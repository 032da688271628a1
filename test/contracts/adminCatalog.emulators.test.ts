// @vitest-environment node
import { describe } from 'vitest';
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import { useAdminFirestore } from '../server/support';
import { testCatalogPort } from './catalog.contract';
import { emulatorsUnavailable, useEmulators } from './support/emulatorData';
import { writeDocuments } from './support/firestoreRest';

// The backend's CatalogPort (firebase-admin) against the same contract as the storefront's.
describe.skipIf(emulatorsUnavailable())('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'admin-catalog');

  testCatalogPort('createAdminCatalog', async (documents) => {
    const { firestoreHost, projectId, clearFirestore } = emulators();
    await clearFirestore();
    await writeDocuments(firestoreHost, projectId, 'categories', documents);
    return createAdminCatalog({ firestore: db() });
  });
});
