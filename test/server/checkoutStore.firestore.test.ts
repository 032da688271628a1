// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { MalformedDocumentError } from '../../src/domain';
import { createFirestoreStore, SESSIONS_COLLECTION } from '../../server/store/firestore';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulators';
import { aSession, testCheckoutStore } from './checkoutStore.contract';

describe.skipIf(emulatorsUnavailable(['firestore']))('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators({ only: ['firestore'] });
  let app: App | undefined;
  let firestore: Firestore | undefined;
  afterAll(async () => {
    await firestore?.terminate();
    if (app) await deleteApp(app);
  });
  const db = () => {
    if (!firestore) {
      process.env.METADATA_SERVER_DETECTION ??= 'none';
      app = initializeApp({ projectId: emulators().projectId }, `store-test-${process.pid}`);
      firestore = getFirestore(app);
      firestore.settings({ host: emulators().firestoreHost, ssl: false });
    }
    return firestore;
  };

  testCheckoutStore('createFirestoreStore', async () => createFirestoreStore({ firestore: db() }));

  it('a malformed session document is a typed error, not a crash', async () => {
    const session = aSession();
    await db().collection(SESSIONS_COLLECTION).doc(session.id).set({ ...session, amountTotal: 'muito' });
    const store = createFirestoreStore({ firestore: db() });
    await expect(store.getSession(session.id)).rejects.toBeInstanceOf(MalformedDocumentError);
    await expect(store.settle(session.id, 'paid', Date.now())).rejects.toBeInstanceOf(MalformedDocumentError);
  });
});
