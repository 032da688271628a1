// The stock half of the CheckoutStore contract (docs/requirements.md#stock): a checkout reserves its units when it
// opens, in one step with its document; canceled, declined, expired and refunded give them back; paid keeps them.
// Run on the memory store (checkoutStore.memory.test.ts) and on the Firestore emulator
// (checkoutStore.firestore.emulators.test.ts). Every expected count is written out here.
import { describe, expect, it } from 'vitest';
import type { CheckoutStore, NewSession, StoredSession } from '../../server/store/sessionStorePort';
import { aSession } from './checkoutStore.contract';

/** A store whose products hold `stock` (ids not named are untracked), and a way to read and change it. */
export type MakeStockStore = (stock: Readonly<Record<string, number>>) => Promise<{
  store: CheckoutStore;
  stockOf(productId: string): Promise<number | null>;
  /** A number, or null to drop the field (the product untracked from then on). */
  setStock(productId: string, units: number | null): Promise<void>;
}>;

let sequence = 0;
/** Product ids of one test: the Firestore suite shares one database between tests. */
const productIds = <Names extends string>(...names: Names[]) => {
  const run = `${++sequence}${Date.now()}`;
  return Object.fromEntries(names.map((name) => [name, `${name}-${run}`])) as Record<Names, string>;
};
const line = (productId: string, quantity: number, name = productId) => ({
  productId,
  name,
  unitAmount: 1000,
  quantity,
});
/** A new checkout of these lines, as the route hands it to openSession (nothing reserved yet). */
function aNewSession(lineItems: StoredSession['lineItems'], overrides: Partial<NewSession> = {}): NewSession {
  const { reserved: _reserved, ...session } = aSession({ lineItems, ...overrides });
  return session;
}
const during = 1_700_000_000_000 + 60_000;

export function testCheckoutStock(name: string, makeStockStore: MakeStockStore) {
  describe(`CheckoutStore stock contract: ${name}`, () => {
    it('opening a checkout takes its units and stores it with what it reserved', async () => {
      const ids = productIds('jaqueta', 'bone');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 5, [ids.bone]: 1 });
      const session = aNewSession([line(ids.jaqueta, 2, 'Jaqueta de Couro Preta'), line(ids.bone, 1, 'Boné Branco')]);
      const reserved = [
        { productId: ids.jaqueta, quantity: 2 },
        { productId: ids.bone, quantity: 1 },
      ];
      expect(await store.openSession(session)).toEqual({ kind: 'opened', session: { ...session, reserved } });
      expect(await store.getSession(session.id)).toEqual({ ...session, reserved });
      expect(await stockOf(ids.jaqueta)).toBe(3);
      expect(await stockOf(ids.bone)).toBe(0);
    });

    it('too few units: every short line named with what is left; nothing taken, nothing stored', async () => {
      const ids = productIds('jaqueta', 'bone', 'tenis');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 1, [ids.bone]: 0, [ids.tenis]: 4 });
      const session = aNewSession([
        line(ids.jaqueta, 2, 'Jaqueta de Couro Preta'),
        line(ids.bone, 1, 'Boné Branco'),
        line(ids.tenis, 4, 'Tênis Casual Branco'),
      ]);
      expect(await store.openSession(session)).toEqual({
        kind: 'short',
        shortages: [
          { productId: ids.jaqueta, name: 'Jaqueta de Couro Preta', left: 1 },
          { productId: ids.bone, name: 'Boné Branco', left: 0 },
        ],
      });
      expect(await store.getSession(session.id)).toBeNull();
      expect([await stockOf(ids.jaqueta), await stockOf(ids.bone), await stockOf(ids.tenis)]).toEqual([1, 0, 4]);
    });

    it('exactly the units left are enough, and leave 0', async () => {
      const ids = productIds('boina');
      const { store, stockOf } = await makeStockStore({ [ids.boina]: 2 });
      expect((await store.openSession(aNewSession([line(ids.boina, 2)]))).kind).toBe('opened');
      expect(await stockOf(ids.boina)).toBe(0);
      expect(await store.openSession(aNewSession([line(ids.boina, 1, 'Boina de Lã Marrom')]))).toEqual({
        kind: 'short',
        shortages: [{ productId: ids.boina, name: 'Boina de Lã Marrom', left: 0 }],
      });
    });

    it('an untracked product (no stock) is sold without a reservation and stays untracked', async () => {
      const ids = productIds('jaqueta', 'bone');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 2 });
      const session = aNewSession([line(ids.jaqueta, 1), line(ids.bone, 50)]);
      const opened = await store.openSession(session);
      expect(opened).toEqual({
        kind: 'opened',
        session: { ...session, reserved: [{ productId: ids.jaqueta, quantity: 1 }] },
      });
      expect(await stockOf(ids.bone)).toBeNull();
      await store.settle(session.id, 'canceled', during);
      expect(await stockOf(ids.jaqueta)).toBe(2);
      expect(await stockOf(ids.bone)).toBeNull();
    });

    it('opening the same checkout again reserves nothing more', async () => {
      const ids = productIds('jaqueta');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 5 });
      const session = aNewSession([line(ids.jaqueta, 2)]);
      await store.openSession(session);
      expect(await store.openSession(session)).toEqual({
        kind: 'opened',
        session: { ...session, reserved: [{ productId: ids.jaqueta, quantity: 2 }] },
      });
      expect(await stockOf(ids.jaqueta)).toBe(3);
    });

    it('10 checkouts at once for the last 3 units: exactly 3 open, 7 are short, 0 left', async () => {
      const ids = productIds('jaqueta');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 3 });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.openSession(aNewSession([line(ids.jaqueta, 1)]))),
      );
      expect(results.filter((result) => result.kind === 'opened')).toHaveLength(3);
      expect(results.filter((result) => result.kind === 'short')).toHaveLength(7);
      expect(await stockOf(ids.jaqueta)).toBe(0);
    }, 30_000);

    it.each(['canceled', 'declined', 'expired'] as const)(
      '%s gives the units back once; a second settle changes nothing',
      async (outcome) => {
        const ids = productIds('jaqueta', 'bone');
        const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 5, [ids.bone]: 1 });
        const session = aNewSession([line(ids.jaqueta, 2), line(ids.bone, 1)]);
        await store.openSession(session);
        expect(await store.settle(session.id, outcome, during)).toMatchObject({ kind: 'settled' });
        expect([await stockOf(ids.jaqueta), await stockOf(ids.bone)]).toEqual([5, 1]);
        for (const again of ['expired', 'canceled', outcome] as const)
          expect((await store.settle(session.id, again, during + 1)).kind).toBe('finished');
        expect([await stockOf(ids.jaqueta), await stockOf(ids.bone)]).toEqual([5, 1]);
      },
    );

    it('a pending Pix that expires gives its units back; a paid one keeps them sold', async () => {
      const ids = productIds('jaqueta');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 4 });
      const pix = { copyPaste: '000201…', expiresAt: during + 3_600_000 };
      const expiring = aNewSession([line(ids.jaqueta, 1)]);
      const paying = aNewSession([line(ids.jaqueta, 2)]);
      await store.openSession(expiring);
      await store.openSession(paying);
      await store.markPending(expiring.id, 'pix', { pix }, during);
      await store.markPending(paying.id, 'pix', { pix }, during);
      expect(await stockOf(ids.jaqueta)).toBe(1);
      await store.settle(expiring.id, 'expired', pix.expiresAt);
      expect(await stockOf(ids.jaqueta)).toBe(2);
      await store.settle(paying.id, 'paid', during, { paymentMethod: 'pix' });
      expect(await stockOf(ids.jaqueta)).toBe(2);
      // A late expiry (the sweep, Stripe's event) of a paid session changes nothing.
      expect((await store.settle(paying.id, 'expired', pix.expiresAt)).kind).toBe('finished');
      expect(await stockOf(ids.jaqueta)).toBe(2);
    });

    it('a paid and a canceled settle racing: one wins, and the units are given back only if it was the cancel', async () => {
      const ids = productIds('jaqueta');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 3 });
      const session = aNewSession([line(ids.jaqueta, 3)]);
      await store.openSession(session);
      await Promise.all([
        store.settle(session.id, 'paid', during),
        store.settle(session.id, 'canceled', during),
        store.settle(session.id, 'expired', during),
      ]);
      const status = (await store.getSession(session.id))?.status;
      expect(await stockOf(ids.jaqueta)).toBe(status === 'paid' ? 0 : 3);
    });

    it('a product untracked after the reservation is not given units back', async () => {
      const ids = productIds('jaqueta', 'bone');
      const { store, stockOf, setStock } = await makeStockStore({ [ids.jaqueta]: 5, [ids.bone]: 5 });
      const session = aNewSession([line(ids.jaqueta, 2), line(ids.bone, 2)]);
      await store.openSession(session);
      await setStock(ids.bone, null);
      await store.settle(session.id, 'expired', during);
      expect(await stockOf(ids.jaqueta)).toBe(5);
      expect(await stockOf(ids.bone)).toBeNull();
    });

    it('a refunded order gives its units back, once; a refusal gives nothing', async () => {
      const ids = productIds('jaqueta');
      const { store, stockOf } = await makeStockStore({ [ids.jaqueta]: 5 });
      const session = aNewSession([line(ids.jaqueta, 2)]);
      await store.openSession(session);
      await store.settle(session.id, 'paid', during, { paymentMethod: 'card' });
      expect(await stockOf(ids.jaqueta)).toBe(3);
      const refund = { provider: 'simulated' as const, id: `sim_refund_${session.id}`, amount: 2000, at: during + 1 };
      // Pago cannot be refunded (the lifecycle refuses): nothing back.
      expect((await store.recordRefund(session.id, refund)).kind).toBe('refused');
      expect(await stockOf(ids.jaqueta)).toBe(3);
      await store.stepOrder(session.id, { type: 'cancelar', at: during + 1 });
      expect((await store.recordRefund(session.id, { ...refund, at: during + 2 })).kind).toBe('applied');
      expect(await stockOf(ids.jaqueta)).toBe(5);
      expect((await store.recordRefund(session.id, { ...refund, at: during + 3 })).kind).toBe('refused');
      expect(await stockOf(ids.jaqueta)).toBe(5);
    });

    it('listExpiredSessions: open ones past their expiry and pending simulated ones past their deadline, the most overdue first', async () => {
      // In 2001: before every other session of a suite sharing the database, so only these are overdue.
      const t = 1_000_000_000_000;
      const { store } = await makeStockStore({});
      const open = (expiresAt: number, overrides: Partial<NewSession> = {}) => {
        const session = aNewSession([], { createdAt: t - 1_800_000, expiresAt, ...overrides });
        return store.openSession(session).then(() => session.id);
      };
      const openOverdue = await open(t - 10);
      const openAtDeadline = await open(t);
      const openLater = await open(t + 1);
      const pixOverdue = await open(t + 3_600_000);
      await store.markPending(pixOverdue, 'pix', { pix: { copyPaste: 'x', expiresAt: t - 20 } }, t - 1_000_000);
      const boletoLater = await open(t + 3_600_000);
      await store.markPending(boletoLater, 'boleto', { boleto: { line: 'x', dueAt: t + 5 } }, t - 1_000_000);
      const stripePending = await open(t + 3_600_000, { provider: 'stripe' });
      await store.markPending(stripePending, 'boleto', { boleto: { line: 'x', dueAt: t - 30 } }, t - 1_000_000);
      const canceled = await open(t - 40);
      await store.settle(canceled, 'canceled', t - 50);

      expect((await store.listExpiredSessions(t, 10)).map((session) => session.id)).toEqual([
        pixOverdue,
        openOverdue,
        openAtDeadline,
      ]);
      expect((await store.listExpiredSessions(t, 2)).map((session) => session.id)).toEqual([pixOverdue, openOverdue]);
      expect((await store.listExpiredSessions(t + 5, 10)).map((session) => session.id)).toEqual([
        pixOverdue,
        openOverdue,
        openAtDeadline,
        openLater,
        boletoLater,
      ]);
      expect(await store.listExpiredSessions(t, 0)).toEqual([]);
    });
  });
}
