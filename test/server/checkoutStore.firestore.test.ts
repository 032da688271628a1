// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MalformedDocumentError } from '../../src/domain';
import { createFirestoreStore, SESSIONS_COLLECTION } from '../../server/store/firestore';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulators';
import { aSession, testCheckoutStore } from './checkoutStore.contract';
import { useAdminFirestore } from './support';

describe.skipIf(emulatorsUnavailable())('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'store-test');

  testCheckoutStore('createFirestoreStore', async () => createFirestoreStore({ firestore: db() }));

  it('a malformed session document is a typed error, not a crash', async () => {
    const session = aSession();
    await db().collection(SESSIONS_COLLECTION).doc(session.id).set({ ...session, amountTotal: 'muito' });
    const store = createFirestoreStore({ firestore: db() });
    await expect(store.getSession(session.id)).rejects.toBeInstanceOf(MalformedDocumentError);
    await expect(store.settle(session.id, 'paid', Date.now())).rejects.toBeInstanceOf(MalformedDocumentError);
  });
});
