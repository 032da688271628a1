// @vitest-environment node
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MalformedDocumentError } from '../../src/domain';
import {
  createFirestoreStore,
  PRODUCTS_COLLECTION,
  SESSIONS_COLLECTION,
} from '../../server/store/firestoreSessionStore';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { testCheckoutStock } from './checkoutStock.contract';
import { aSession, testCheckoutStore } from './checkoutStore.contract';
import { testIdempotentCheckout } from './idempotentCheckout.shared';
import { useAdminFirestore } from './support';

describe.skipIf(emulatorsUnavailable())('Firestore emulator (firebase-admin)', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'store-test');

  testCheckoutStore('createFirestoreStore', async () => createFirestoreStore({ firestore: db() }));
  testIdempotentCheckout('Firestore store', async () => createFirestoreStore({ firestore: db() }));
  testCheckoutStock('createFirestoreStore', async (stock) => {
    const products = db().collection(PRODUCTS_COLLECTION);
    // Only the field the store reads: a product document's other fields are the catalog's.
    await Promise.all(Object.entries(stock).map(([id, units]) => products.doc(id).set({ stock: units })));
    return {
      store: createFirestoreStore({ firestore: db() }),
      stockOf: async (id) => {
        const snapshot = await products.doc(id).get();
        return (snapshot.get('stock') as number | undefined) ?? null;
      },
      setStock: async (id, units) =>
        void (await products.doc(id).set({ stock: units ?? FieldValue.delete() }, { merge: true })),
    };
  });

  it('two instances (each taking its reservations in turn) race for the last 3 units: exactly 3 open in all', async () => {
    await db().collection(PRODUCTS_COLLECTION).doc('boina-duas-instancias').set({ stock: 3 });
    const instances = [createFirestoreStore({ firestore: db() }), createFirestoreStore({ firestore: db() })];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const { reserved: _reserved, ...session } = aSession({
          lineItems: [{ productId: 'boina-duas-instancias', name: 'Boina', unitAmount: 8990, quantity: 1 }],
        });
        return instances[i % 2]!.openSession(session);
      }),
    );
    expect(results.filter((result) => result.kind === 'opened')).toHaveLength(3);
    expect(results.filter((result) => result.kind === 'short')).toHaveLength(5);
    expect((await db().collection(PRODUCTS_COLLECTION).doc('boina-duas-instancias').get()).get('stock')).toBe(0);
  }, 60_000);

  it('a stock that is not a whole number of units is a typed error, and nothing is reserved', async () => {
    const store = createFirestoreStore({ firestore: db() });
    await db().collection(PRODUCTS_COLLECTION).doc('bone-malformado').set({ stock: -1 });
    const { reserved: _reserved, ...session } = aSession({
      lineItems: [{ productId: 'bone-malformado', name: 'Boné', unitAmount: 100, quantity: 1 }],
    });
    await expect(store.openSession(session)).rejects.toBeInstanceOf(MalformedDocumentError);
    expect(await store.getSession(session.id)).toBeNull();
  });

  it('reads a session without payment fields as not known yet', async () => {
    const { paymentMethod: _m, pix: _p, boleto: _b, idempotencyKey: _k, reserved: _r, ...old } = aSession();
    await db().collection(SESSIONS_COLLECTION).doc(old.id).set(old);
    const store = createFirestoreStore({ firestore: db() });
    expect(await store.getSession(old.id)).toEqual({
      ...old,
      paymentMethod: null,
      pix: null,
      boleto: null,
      idempotencyKey: null,
      reserved: [],
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
