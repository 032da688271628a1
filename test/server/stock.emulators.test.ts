// @vitest-environment node
// Stock through the backend over HTTP, on the Firestore emulator (docs/requirements.md#stock): shoppers racing for
// the last units, the expiry sweep giving units back, replayed webhooks, and Firestore hanging in the middle of a
// reservation (a relay of this file's own in front of the emulator, made to hang). Expected counts and texts are
// written out here.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { sweepExpiredSessions } from '../../server/expirySweep';
import type { PaymentProvider } from '../../server/payments/paymentsPort';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createFirestoreStore } from '../../server/store/firestoreSessionStore';
import type { StoredSession } from '../../server/store/sessionStorePort';
import { aCategory, aProduct } from '../support/builders';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { startHangingLink, type HangingLink } from './hangingLink';
import { emulatorIdToken, fakeTokenVerifier, useAdminFirestore } from './support';

const boina = aProduct().withId('boina-la-marrom').withName('Boina de Lã Marrom').withPrice(89.9).build();
const jaqueta = aProduct().withId('jaqueta-couro-preta').withName('Jaqueta de Couro Preta').withPrice(500).build();
const catalog = memoryCatalog([aCategory().withProducts([boina, jaqueta]).build()]);
const WEBHOOK_SECRET = 'whsec_stock_test';
const stripe = new Stripe('sk_test_stock', { telemetry: false });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const SOLD_OUT = {
  error: {
    code: 'insufficient_stock',
    message: 'Boina de Lã Marrom esgotou. Remova o produto do carrinho para continuar.',
  },
};

// Skipped only where the emulators cannot start outside CI (no gcloud or Java); under CI=true the global setup fails
// instead (test/contracts/support/emulatorData.ts).
describe.skipIf(emulatorsUnavailable())('stock through the backend, on the Firestore emulator', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'stock-test');
  const apps: FastifyInstance[] = [];
  beforeEach(() => emulators().clearFirestore());
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** The backend on a loopback port over `firestore`, the simulated provider unless told otherwise. */
  async function backend(
    firestore: Firestore,
    { payments, checkoutStoreDeadlineMs }: { payments?: PaymentProvider; checkoutStoreDeadlineMs?: number } = {},
  ) {
    const app = await buildServer({
      storefrontUrl: 'http://localhost:4398',
      catalog,
      catalogCacheTtlMs: 60_000,
      payments: payments ?? createSimulatedProvider({ publicUrl: 'http://backend.test' }),
      store: createFirestoreStore({ firestore }),
      verifier: fakeTokenVerifier(),
      stripeWebhook: { stripe, secret: WEBHOOK_SECRET },
      rateLimit: false,
      logger: false,
      // The production deadline (5 s) only where the hang is the subject: a loaded test machine's emulator may take
      // longer than a real Firestore over a race of 20, and a 503 there would test the machine, not the stock.
      checkoutStoreDeadlineMs: checkoutStoreDeadlineMs ?? 60_000,
    });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const checkout = (uid: string, products: Array<{ id: string; quantity: number }>, key: string) =>
      fetch(`${base}${CHECKOUT_ROUTE}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${emulatorIdToken({ uid, email: `${uid}@example.com` })}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({ products }),
      });
    const webhook = (type: string, sessionId: string, extra: object = {}) => {
      const payload = JSON.stringify({
        id: `evt_${type}_${sessionId}`,
        object: 'event',
        type,
        data: { object: { id: sessionId, object: 'checkout.session', ...extra } },
      });
      return fetch(`${base}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
    };
    return { app, checkout, webhook, store: createFirestoreStore({ firestore }) };
  }

  const setStock = (units: Record<string, number>) =>
    Promise.all(Object.entries(units).map(([id, stock]) => db().doc(`products/${id}`).set({ stock })));
  const stockOf = async (id: string) => (await db().doc(`products/${id}`).get()).get('stock') as number;
  const sessions = async () =>
    (await db().collection('checkoutSessions').get()).docs.map((doc) => doc.data() as StoredSession);

  it('20 shoppers race for the last 3 units: exactly 3 checkouts, 17 answers of 409 "esgotou", 0 left', async () => {
    await setStock({ 'boina-la-marrom': 3 });
    // 20 transactions on one document wait on each other: on a loaded machine the last may take longer than the
    // store's 5 s deadline for a checkout, which is not what this race is about.
    const { checkout } = await backend(db(), { checkoutStoreDeadlineMs: 45_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout(`shopper-${i}`, [{ id: 'boina-la-marrom', quantity: 1 }], `attempt-race-${i}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const answer of answers.filter((one) => one.status === 409)) expect(await answer.json()).toEqual(SOLD_OUT);
    expect(await stockOf('boina-la-marrom')).toBe(0);
    const stored = await sessions();
    expect(stored).toHaveLength(3);
    for (const session of stored) {
      expect(session.status).toBe('open');
      expect(session.reserved).toEqual([{ productId: 'boina-la-marrom', quantity: 1 }]);
    }
    // The 17 refused attempts freed their keys; the 3 kept theirs, with their session.
    expect((await db().collection('idempotencyKeys').get()).size).toBe(3);
  }, 60_000);

  it('the sweep expires the checkouts nobody paid after 30 minutes and gives their units back, once', async () => {
    await setStock({ 'boina-la-marrom': 2, 'jaqueta-couro-preta': 5 });
    const { checkout, store } = await backend(db());
    const opened = Date.now();
    expect((await checkout('ana', [{ id: 'jaqueta-couro-preta', quantity: 2 }], 'attempt-ana-1')).status).toBe(200);
    expect(
      (
        await checkout(
          'caio',
          [
            { id: 'jaqueta-couro-preta', quantity: 1 },
            { id: 'boina-la-marrom', quantity: 2 },
          ],
          'attempt-caio-1',
        )
      ).status,
    ).toBe(200);
    expect([await stockOf('jaqueta-couro-preta'), await stockOf('boina-la-marrom')]).toEqual([2, 0]);
    const payments = createSimulatedProvider({ publicUrl: 'http://backend.test' });
    // 29 minutes on: nothing is due yet.
    const early = await sweepExpiredSessions({ store, payments, now: () => opened + 29 * 60_000, log: quiet });
    expect(early.expired).toBe(0);
    const late = { store, payments, now: () => Date.now() + 30 * 60_000, log: quiet };
    expect(await sweepExpiredSessions(late)).toEqual({ expired: 2, finished: 0, paidAtProvider: 0, failed: 0 });
    expect([await stockOf('jaqueta-couro-preta'), await stockOf('boina-la-marrom')]).toEqual([5, 2]);
    expect((await sessions()).map((session) => session.status)).toEqual(['expired', 'expired']);
    expect((await sweepExpiredSessions(late)).expired).toBe(0);
    expect([await stockOf('jaqueta-couro-preta'), await stockOf('boina-la-marrom')]).toEqual([5, 2]);
  });

  it('a replayed or late webhook changes nothing: expired gives the units back once, paid keeps them sold', async () => {
    await setStock({ 'jaqueta-couro-preta': 6 });
    const { webhook, store } = await backend(db());
    const stripeCheckout = (id: string, quantity: number) => {
      const now = Date.now();
      return store.openSession({
        id,
        provider: 'stripe',
        status: 'open',
        paymentMethod: null,
        uid: 'dani',
        email: 'dani@example.com',
        lineItems: [{ productId: 'jaqueta-couro-preta', name: 'Jaqueta de Couro Preta', unitAmount: 50000, quantity }],
        amountTotal: 50000 * quantity,
        currency: 'brl',
        delivery: null,
        successUrl: 'http://localhost:4398/payment-confirmation?success=true',
        cancelUrl: 'http://localhost:4398/payment-confirmation?canceled=true',
        createdAt: now,
        expiresAt: now + 30 * 60_000,
        finishedAt: null,
        pix: null,
        boleto: null,
        idempotencyKey: null,
      });
    };
    await stripeCheckout('cs_test_expires', 2);
    await stripeCheckout('cs_test_pays', 3);
    expect(await stockOf('jaqueta-couro-preta')).toBe(1);

    for (let delivery = 0; delivery < 3; delivery++)
      expect((await webhook('checkout.session.expired', 'cs_test_expires', { status: 'expired' })).status).toBe(200);
    expect((await webhook('checkout.session.async_payment_failed', 'cs_test_expires')).status).toBe(200);
    expect(await stockOf('jaqueta-couro-preta')).toBe(3);

    const paid = { payment_status: 'paid', amount_total: 150000, client_reference_id: 'dani' };
    for (let delivery = 0; delivery < 2; delivery++)
      expect((await webhook('checkout.session.completed', 'cs_test_pays', paid)).status).toBe(200);
    expect((await webhook('checkout.session.expired', 'cs_test_pays', { status: 'expired' })).status).toBe(200);
    expect(await stockOf('jaqueta-couro-preta')).toBe(3);
    expect((await db().collection('orders').get()).size).toBe(1);
  });

  describe('Firestore hangs during a reservation', () => {
    let link: HangingLink | undefined;
    let relayed: { app: App; firestore: Firestore } | undefined;
    afterAll(async () => {
      link?.resume();
      await relayed?.firestore.terminate();
      if (relayed) await deleteApp(relayed.app);
      await link?.close();
    });

    it('the shopper reads a pt-BR message before the checkout’s 8 s; after Firestore returns no unit is lost or counted twice, and the retry reserves once', async () => {
      await setStock({ 'jaqueta-couro-preta': 4 });
      link = await startHangingLink(emulators().firestoreHost);
      // firebase-admin prefers FIRESTORE_EMULATOR_HOST to its settings: this client must go through the relay.
      const saved = process.env.FIRESTORE_EMULATOR_HOST;
      delete process.env.FIRESTORE_EMULATOR_HOST;
      const app = initializeApp({ projectId: emulators().projectId }, `stock-relay-${process.pid}`);
      const firestore = getFirestore(app);
      firestore.settings({ host: link.host, ssl: false });
      relayed = { app, firestore };
      const simulated = createSimulatedProvider({ publicUrl: 'http://backend.test' });
      let hangOnNext = true;
      // Firestore stops answering right after the provider created the session: in the middle of the reservation.
      const payments: PaymentProvider = {
        ...simulated,
        createCheckoutSession: async (request) => {
          const created = await simulated.createCheckoutSession(request);
          if (hangOnNext) link!.hang();
          hangOnNext = false;
          return created;
        },
      };
      const { checkout } = await backend(firestore, { payments, checkoutStoreDeadlineMs: 3_000 });
      if (saved !== undefined) process.env.FIRESTORE_EMULATOR_HOST = saved;
      const cart = [{ id: 'jaqueta-couro-preta', quantity: 3 }];

      const started = Date.now();
      const answer = await checkout('eva', cart, 'attempt-hang-1');
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        error: {
          code: 'unavailable',
          message: 'Não foi possível reservar os produtos agora. Tente novamente em instantes.',
        },
      });
      expect(link.connections).toBeGreaterThan(0);

      link.resume();
      // The hung reservation goes through once Firestore answers, and is undone at once: its checkout expired, its
      // 3 units back, the attempt's key free again.
      await expect
        .poll(
          async () => ({
            stock: await stockOf('jaqueta-couro-preta'),
            statuses: (await sessions()).map((session) => session.status),
            keys: (await db().collection('idempotencyKeys').get()).size,
          }),
          { timeout: 20_000, interval: 200 },
        )
        .toEqual({ stock: 4, statuses: ['expired'], keys: 0 });

      const retry = await checkout('eva', cart, 'attempt-hang-1');
      expect(retry.status).toBe(200);
      expect(await stockOf('jaqueta-couro-preta')).toBe(1);
      const open = (await sessions()).filter((session) => session.status === 'open');
      expect(open.map((session) => session.reserved)).toEqual([[{ productId: 'jaqueta-couro-preta', quantity: 3 }]]);
    }, 60_000);
  });
});
