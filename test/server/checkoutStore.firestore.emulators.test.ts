// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MalformedDocumentError } from '../../src/domain';
import { createFirestoreStore, SESSIONS_COLLECTION } from '../../server/store/firestoreSessionStore';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { aSession, testCheckoutStore } from './checkoutStore.contract';
import { testIdempotentCheckout } from './idempotentCheckout.shared';
import { useAdminFirestore } from './support';

describe.skipIf(emulatorsUnavailable())('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'store-test');

  testCheckoutStore('createFirestoreStore', async () => createFirestoreStore({ firestore: db() }));
  testIdempotentCheckout('Firestore store', async () => createFirestoreStore({ firestore: db() }));

  it('reads a session without payment fields as not known yet', async () => {
    const { paymentMethod: _m, pix: _p, boleto: _b, idempotencyKey: _k, ...old } = aSession();
    await db().collection(SESSIONS_COLLECTION).doc(old.id).set(old);
    const store = createFirestoreStore({ firestore: db() });
    expect(await store.getSession(old.id)).toEqual({
      ...old,
      paymentMethod: null,
      pix: null,
      boleto: null,
      idempotencyKey: null,
    });
  });

  it('a malformed session document is a typed error, not a crash', async () => {
    const session = aSession();
    await db()
      .collection(SESSIONS_COLLECTION)
      .doc(session.id)
      .set({ ...session, amountTotal: 'muito' });
    const store = createFirestoreStore({ firestore: db() });
    await expect(store.getSession(session.id)).rejects.toBeInstanceOf(MalformedDocumentError);
    await expect(store.settle(session.id, 'paid', Date.now())).rejects.toBeInstanceOf(MalformedDocumentError);
  });
});
