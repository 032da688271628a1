// @vitest-environment node
// firestore.rules against the real Firestore emulator JAR, with @firebase/rules-unit-testing.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RULES_FILE, emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { FIELD_MAX_LENGTH } from '../../src/domain/limits';
import { aCategory, anAddress, anOrderDelivery, aUserProfile } from '../support/builders';

setLogLevel('silent'); // every denied write would otherwise be logged by the SDK

describe.skipIf(emulatorsUnavailable())('firestore.rules', () => {
  const emulators = useEmulators();
  let testEnv: RulesTestEnvironment;
  const alice = aUserProfile().withId('alice').withProvider('firebase').build();
  const bruno = aUserProfile().withId('bruno').withProvider('google').build();
  const jackets = aCategory().withId('jackets').build();
  const jacket = { ...jackets.products[0]!, categoryId: 'jackets', position: 0, searchName: 'jaqueta' };

  beforeAll(async () => {
    const { firestoreHost, projectId } = emulators();
    const [host, port] = firestoreHost.split(':');
    testEnv = await initializeTestEnvironment({
      projectId,
      firestore: { host: host!, port: Number(port), rules: readFileSync(RULES_FILE, 'utf8') },
    });
  });
  afterAll(async () => {
    await testEnv?.cleanup();
  });
  beforeEach(async () => {
    await testEnv.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      await db.doc('categories/jackets').set(jackets);
      await db.doc(`products/${jacket.id}`).set(jacket);
      await db.doc('users/bruno').set(bruno);
      await db.doc('orders/o1').set({ uid: 'alice', total: 500 });
      await db.doc('checkoutSessions/s1').set({ id: 's1', uid: 'alice', status: 'pending', amountTotal: 50000 });
      await db.doc('checkoutSessions/s2').set({ id: 's2', uid: 'bruno', status: 'paid', amountTotal: 15000 });
    });
  });
  afterEach(() => testEnv.clearFirestore());

  const as = (uid: string, signInProvider: 'password' | 'google.com' = 'password'): RulesTestContext =>
    testEnv.authenticatedContext(uid, { firebase: { sign_in_provider: signInProvider, identities: {} } });
  const anonymous = () => testEnv.unauthenticatedContext();

  describe('categories', () => {
    it('anyone may read one category or all of them (signed in or not)', async () => {
      await assertSucceeds(anonymous().firestore().doc('categories/jackets').get());
      await assertSucceeds(anonymous().firestore().collection('categories').get());
      await assertSucceeds(anonymous().firestore().collection('categories').where('id', '==', 'jackets').get());
      await assertSucceeds(as('alice').firestore().collection('categories').get());
    });
    it('nobody may create, change or delete a category from the client', async () => {
      await assertFails(anonymous().firestore().doc('categories/hats').set(aCategory().withId('hats').build()));
      await assertFails(as('alice').firestore().doc('categories/hats').set(aCategory().withId('hats').build()));
      await assertFails(as('alice').firestore().doc('categories/jackets').update({ displayName: 'Promoção' }));
      await assertFails(as('alice').firestore().doc('categories/jackets').delete());
    });
  });

  describe('products', () => {
    it('anyone may read a product, and page a category by position (signed in or not)', async () => {
      for (const db of [anonymous().firestore(), as('alice').firestore()]) {
        const one = await assertSucceeds(db.doc(`products/${jacket.id}`).get());
        expect(one.get('price')).toBe(jacket.price);
        await assertSucceeds(
          db
            .collection('products')
            .where('categoryId', '==', 'jackets')
            .orderBy('position')
            .startAfter(-1)
            .limit(24)
            .get(),
        );
        await assertSucceeds(
          db.collection('products').where('searchName', '>=', 'jaq').where('searchName', '<', 'jaq\uf8ff').get(),
        );
      }
      await assertSucceeds(anonymous().firestore().doc('products/nao-existe').get());
    });
    it('nobody may create, change or delete a product from the client, not even a signed-in shopper', async () => {
      for (const db of [anonymous().firestore(), as('alice').firestore(), as('bruno', 'google.com').firestore()]) {
        await assertFails(db.doc('products/novo').set({ ...jacket, id: 'novo' }));
        await assertFails(db.collection('products').add({ ...jacket, id: 'outro' }));
        await assertFails(db.doc(`products/${jacket.id}`).update({ price: 0.01 }));
        await assertFails(db.doc(`products/${jacket.id}`).set({ ...jacket, price: 0.01 }));
        await assertFails(db.doc(`products/${jacket.id}`).delete());
      }
    });
    it('no client changes a product’s stock (docs/requirements.md#stock): only the seed and the backend do', async () => {
      await testEnv.withSecurityRulesDisabled((admin) =>
        admin.firestore().doc(`products/${jacket.id}`).update({ stock: 2 }),
      );
      for (const db of [anonymous().firestore(), as('alice').firestore(), as('bruno', 'google.com').firestore()]) {
        await assertFails(db.doc(`products/${jacket.id}`).update({ stock: 999 }));
        await assertFails(db.doc(`products/${jacket.id}`).update({ stock: 0 }));
        await assertFails(db.doc(`products/${jacket.id}`).set({ stock: 40 }, { merge: true }));
        await assertFails(db.doc('products/novo').set({ id: 'novo', stock: 10 }));
      }
      const stored = await assertSucceeds(as('alice').firestore().doc(`products/${jacket.id}`).get());
      expect(stored.get('stock')).toBe(2);
    });
  });

  describe('users', () => {
    it('a signed-in user may create their own profile (e-mail sign-up → provider firebase)', async () => {
      await assertSucceeds(as('alice', 'password').firestore().doc('users/alice').set(alice));
    });
    it('a Google user may create their own profile with provider google', async () => {
      const carla = aUserProfile().withId('carla').withProvider('google').build();
      await assertSucceeds(as('carla', 'google.com').firestore().doc('users/carla').set(carla));
    });
    it('the provider must match the sign-in method', async () => {
      await assertFails(as('alice', 'google.com').firestore().doc('users/alice').set(alice));
      const googleAlice = { ...alice, provider: 'google' };
      await assertFails(as('alice', 'password').firestore().doc('users/alice').set(googleAlice));
    });
    it('a user may read their own profile, directly and by the `where id == uid` query', async () => {
      await assertSucceeds(as('bruno', 'google.com').firestore().doc('users/bruno').get());
      await assertSucceeds(as('bruno', 'google.com').firestore().collection('users').where('id', '==', 'bruno').get());
      await assertSucceeds(as('alice').firestore().doc('users/alice').get()); // missing own doc: allowed, empty
    });
    it("a user can neither read nor write another user's profile", async () => {
      await assertFails(as('alice').firestore().doc('users/bruno').get());
      await assertFails(as('alice').firestore().collection('users').where('id', '==', 'bruno').get());
      await assertFails(
        as('alice')
          .firestore()
          .doc('users/bruno')
          .set({ ...bruno, firstName: 'Hacker' }),
      );
      await assertFails(
        as('alice')
          .firestore()
          .doc('users/mallory')
          .set({ ...alice, id: 'mallory' }),
      );
      await assertFails(as('alice').firestore().doc('users/bruno').delete());
    });
    it('nobody may list all users or read profiles when signed out', async () => {
      await assertFails(as('alice').firestore().collection('users').get());
      await assertFails(anonymous().firestore().doc('users/bruno').get());
      await assertFails(anonymous().firestore().collection('users').where('id', '==', 'bruno').get());
      await assertFails(anonymous().firestore().doc('users/alice').set(alice));
    });
    it('the profile must have exactly the five fields, with id equal to the document id', async () => {
      const db = as('alice').firestore();
      await assertFails(db.doc('users/alice').set({ ...alice, admin: true }));
      const { lastName: _lastName, ...missing } = alice;
      await assertFails(db.doc('users/alice').set(missing));
      await assertFails(db.doc('users/alice').set({ ...alice, id: 'bruno' }));
      await assertFails(db.doc('users/alice').set({ ...alice, firstName: 42 }));
    });
    it.each(['firstName', 'lastName', 'email'] as const)(
      'the profile %s takes up to its limit in src/domain/limits.ts, and not one character more',
      async (field) => {
        const max = FIELD_MAX_LENGTH[field];
        // A valid e-mail at each length: the local part pads it.
        const text = (length: number) =>
          field === 'email' ? `${'a'.repeat(length - '@example.com'.length)}@example.com` : 'a'.repeat(length);
        await assertFails(
          as('alice')
            .firestore()
            .doc('users/alice')
            .set({ ...alice, [field]: text(max + 1) }),
        );
        await assertSucceeds(
          as('alice')
            .firestore()
            .doc('users/alice')
            .set({ ...alice, [field]: text(max) }),
        );
      },
    );
    it('a profile is written once: no update, no delete, even by its owner', async () => {
      await assertSucceeds(as('alice').firestore().doc('users/alice').set(alice));
      await assertFails(
        as('alice')
          .firestore()
          .doc('users/alice')
          .set({ ...alice, firstName: 'Outra' }),
      );
      await assertFails(as('alice').firestore().doc('users/alice').update({ firstName: 'Outra' }));
      await assertFails(as('alice').firestore().doc('users/alice').delete());
    });
    it('a profile is only created through the uid-keyed document (addDoc with a random key is refused)', async () => {
      await assertFails(as('alice').firestore().collection('users').add(alice));
    });
  });

  describe('checkoutSessions and orders (Meus pedidos)', () => {
    for (const [collection, mine] of [
      ['checkoutSessions', 's1'],
      ['orders', 'o1'],
    ] as const) {
      it(`${collection}: the owner reads their own, directly and by the \`where uid == uid\` query`, async () => {
        await assertSucceeds(as('alice').firestore().doc(`${collection}/${mine}`).get());
        await assertSucceeds(as('alice').firestore().collection(collection).where('uid', '==', 'alice').get());
      });
      it(`${collection}: another user reads nothing of it, not even by asking for the owner's uid or all of them`, async () => {
        await assertFails(as('bruno', 'google.com').firestore().doc(`${collection}/${mine}`).get());
        await assertFails(
          as('bruno', 'google.com').firestore().collection(collection).where('uid', '==', 'alice').get(),
        );
        await assertFails(as('alice').firestore().collection(collection).get());
      });
      it(`${collection}: signed out, nothing is readable`, async () => {
        await assertFails(anonymous().firestore().doc(`${collection}/${mine}`).get());
        await assertFails(anonymous().firestore().collection(collection).where('uid', '==', 'alice').get());
      });
      it(`${collection}: nobody writes from the client, not even the owner`, async () => {
        await assertFails(as('alice').firestore().doc(`${collection}/${mine}`).update({ status: 'paid' }));
        await assertFails(as('alice').firestore().doc(`${collection}/${mine}`).delete());
        await assertFails(as('alice').firestore().doc(`${collection}/new`).set({ uid: 'alice', status: 'paid' }));
        await assertFails(as('alice').firestore().collection(collection).add({ uid: 'alice', status: 'paid' }));
        await assertFails(anonymous().firestore().doc(`${collection}/new`).set({ uid: 'alice', status: 'paid' }));
      });
      it(`${collection}: not even the owner rewrites its status, its history or the units it holds`, async () => {
        const alice = as('alice').firestore();
        for (const status of ['canceled', 'expired', 'paid'])
          await assertFails(alice.doc(`${collection}/${mine}`).set({ status }, { merge: true }));
        await assertFails(
          alice.doc(`${collection}/${mine}`).update({ 'fulfilment.history': [{ status: 'pago', at: 0 }] }),
        );
        await assertFails(alice.doc(`${collection}/${mine}`).update({ reserved: [] }));
        await assertFails(
          alice.doc(`${collection}/${mine}`).update({ reserved: [{ productId: 'jaqueta-couro', quantity: 99 }] }),
        );
      });
    }
    describe('a session that carries its delivery address', () => {
      // Expressa to Rua Augusta, 100 (CEP 01310100) — São Paulo/SP.
      const delivery = anOrderDelivery()
        .withAddress(anAddress().withRecipient('Alice Souza').withComplement('apto 12').build())
        .build();
      beforeEach(() =>
        testEnv.withSecurityRulesDisabled((admin) =>
          admin
            .firestore()
            .doc('checkoutSessions/s3')
            .set({ id: 's3', uid: 'alice', status: 'paid', amountTotal: 50000, delivery }),
        ),
      );

      it('the owner reads it, address included, directly and by the `where uid == uid` query', async () => {
        const snapshot = await assertSucceeds(as('alice').firestore().doc('checkoutSessions/s3').get());
        expect(snapshot.get('delivery.address.street')).toBe('Rua Augusta');
        const mine = await assertSucceeds(
          as('alice').firestore().collection('checkoutSessions').where('uid', '==', 'alice').get(),
        );
        expect(mine.docs.map((doc) => doc.id).sort()).toEqual(['s1', 's3']);
      });

      it('another signed-in shopper cannot read it, nor find it by its address', async () => {
        const bruno = as('bruno', 'google.com').firestore();
        await assertFails(bruno.doc('checkoutSessions/s3').get());
        await assertFails(bruno.collection('checkoutSessions').where('uid', '==', 'alice').get());
        await assertFails(bruno.collection('checkoutSessions').where('delivery.address.cep', '==', '01310100').get());
      });

      it('an anonymous visitor cannot read it, nor find it by its address', async () => {
        await assertFails(anonymous().firestore().doc('checkoutSessions/s3').get());
        await assertFails(
          anonymous().firestore().collection('checkoutSessions').where('delivery.address.cep', '==', '01310100').get(),
        );
      });

      it('not even the owner may change the address, the frete or the review from the client', async () => {
        const alice = as('alice').firestore();
        await assertFails(alice.doc('checkoutSessions/s3').update({ 'delivery.address.street': 'Rua Oscar Freire' }));
        await assertFails(alice.doc('checkoutSessions/s3').update({ 'delivery.amount': 0 }));
        await assertFails(alice.doc('checkoutSessions/s3').update({ 'delivery.review': null }));
        await assertFails(
          alice.doc('checkoutSessions/s4').set({ id: 's4', uid: 'alice', status: 'open', amountTotal: 0, delivery }),
        );
      });
    });

    it("not even the owner may move their paid order's life from the client (docs/requirements.md#order-lifecycle)", async () => {
      const paid = { status: 'pago', history: [{ status: 'pago', at: 1_700_000_060_000 }] };
      await testEnv.withSecurityRulesDisabled((admin) =>
        admin.firestore().doc('checkoutSessions/s1').update({ status: 'paid', fulfilment: paid }),
      );
      const alice = as('alice').firestore();
      const snapshot = await assertSucceeds(alice.doc('checkoutSessions/s1').get());
      expect(snapshot.get('fulfilment.status')).toBe('pago');
      await assertFails(alice.doc('checkoutSessions/s1').update({ 'fulfilment.status': 'reembolsado' }));
      await assertFails(
        alice.doc('checkoutSessions/s1').update({
          fulfilment: { ...paid, status: 'devolucao_solicitada', returnReason: 'arrependimento' },
        }),
      );
    });

    it("a missing session is not readable (so the storefront cannot tell it from someone else's)", async () => {
      await assertFails(as('alice').firestore().doc('checkoutSessions/nope').get());
    });
  });

  describe('anything else', () => {
    it('no client access to the rate-limit counters, not even their own', async () => {
      await testEnv.withSecurityRulesDisabled((admin) =>
        admin.firestore().doc('rateLimits/alice_0').set({ key: 'alice', count: 20 }),
      );
      await assertFails(as('alice').firestore().doc('rateLimits/alice_0').get());
      await assertFails(as('alice').firestore().doc('rateLimits/alice_0').set({ key: 'alice', count: 0 }));
      await assertFails(as('alice').firestore().doc('rateLimits/alice_0').delete());
      await assertFails(anonymous().firestore().collection('rateLimits').get());
    });
    it('no access to collections the shop does not know', async () => {
      await assertFails(as('alice').firestore().doc('coupons/free').set({ percent: 100 }));
      await assertFails(anonymous().firestore().doc('coupons/free').get());
    });
  });
});
