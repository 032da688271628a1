import { describe, expect, it } from 'vitest';
import type { CheckoutStore, Order, StoredSession } from '../../server/store/port';

export type MakeStore = () => Promise<CheckoutStore>;

let sequence = 0;
export function aSession(overrides: Partial<StoredSession> = {}): StoredSession {
  const id = `cs_sim_contract${++sequence}${Date.now()}`;
  return {
    id,
    provider: 'simulated',
    status: 'open',
    uid: 'ana-uid',
    email: 'ana@example.com',
    lineItems: [
      { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity: 2 },
      { productId: 'bone-branco', name: 'Boné Branco', unitAmount: 5990, quantity: 1 },
    ],
    amountTotal: 2 * 49990 + 5990,
    currency: 'brl',
    successUrl: `http://localhost:1234/payment-confirmation?success=true&session_id=${id}`,
    cancelUrl: 'http://localhost:1234/payment-confirmation?canceled=true',
    createdAt: 1_700_000_000_000,
    expiresAt: 1_700_000_000_000 + 3_600_000,
    finishedAt: null,
    ...overrides,
  };
}
const during = 1_700_000_000_000 + 60_000;
const after = 1_700_000_000_000 + 3_600_000;

/** The CheckoutStore contract: the in-memory store and the Firestore store must both pass it. */
export function testCheckoutStore(name: string, makeStore: MakeStore) {
  describe(`CheckoutStore contract: ${name}`, () => {
    it('saves and reads a session back unchanged; an unknown id reads as null', async () => {
      const store = await makeStore();
      const session = aSession({ email: null });
      await store.saveSession(session);
      expect(await store.getSession(session.id)).toEqual(session);
      expect(await store.getSession('cs_sim_nobody')).toBeNull();
    });

    it('settles as paid once and records exactly one order', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      const first = await store.settle(session.id, 'paid', during);
      const expectedOrder: Order = {
        id: session.id,
        provider: 'simulated',
        uid: 'ana-uid',
        email: 'ana@example.com',
        lineItems: session.lineItems,
        amountTotal: session.amountTotal,
        currency: 'brl',
        paidAt: during,
      };
      expect(first).toEqual({ kind: 'settled', session: { ...session, status: 'paid', finishedAt: during }, order: expectedOrder });
      const second = await store.settle(session.id, 'paid', during + 1);
      expect(second).toEqual({ kind: 'finished', session: { ...session, status: 'paid', finishedAt: during } });
      expect(await store.getOrder(session.id)).toEqual(expectedOrder);
    });

    it('of concurrent settles exactly one wins', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      const results = await Promise.all([
        store.settle(session.id, 'paid', during),
        store.settle(session.id, 'paid', during),
        store.settle(session.id, 'canceled', during),
      ]);
      expect(results.filter((r) => r.kind === 'settled')).toHaveLength(1);
      const final = await store.getSession(session.id);
      const order = await store.getOrder(session.id);
      expect(order === null).toBe(final?.status !== 'paid');
    });

    it('cancel and decline record no order', async () => {
      const store = await makeStore();
      for (const outcome of ['canceled', 'declined'] as const) {
        const session = aSession();
        await store.saveSession(session);
        expect(await store.settle(session.id, outcome, during)).toMatchObject({ kind: 'settled', session: { status: outcome }, order: null });
        expect(await store.getOrder(session.id)).toBeNull();
        expect(await store.settle(session.id, 'paid', during)).toMatchObject({ kind: 'finished', session: { status: outcome } });
        expect(await store.getOrder(session.id)).toBeNull();
      }
    });

    it('an expired session is finished, unless the provider says otherwise (evenIfExpired)', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      expect(await store.settle(session.id, 'paid', after)).toMatchObject({ kind: 'finished', session: { status: 'open' } });
      expect(await store.getOrder(session.id)).toBeNull();
      expect(await store.settle(session.id, 'paid', after, { evenIfExpired: true })).toMatchObject({ kind: 'settled', order: { id: session.id } });
    });

    it('settling an unknown session reports missing and records nothing', async () => {
      const store = await makeStore();
      expect(await store.settle('cs_sim_missing', 'paid', during)).toEqual({ kind: 'missing' });
      expect(await store.getOrder('cs_sim_missing')).toBeNull();
    });

    it('recordOrder creates once and never overwrites', async () => {
      const store = await makeStore();
      const order: Order = { id: `cs_test_${Date.now()}`, provider: 'stripe', uid: 'u', email: null, lineItems: [], amountTotal: 100, currency: 'brl', paidAt: during };
      expect(await store.recordOrder(order)).toEqual({ created: true });
      expect(await store.recordOrder({ ...order, amountTotal: 1 })).toEqual({ created: false });
      expect(await store.getOrder(order.id)).toEqual(order);
    });
  });
}
