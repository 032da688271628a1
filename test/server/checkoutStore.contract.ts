import { describe, expect, it } from 'vitest';
import type { OrderDelivery } from '../../src/domain/delivery';
import type { Fulfilment } from '../../src/domain/fulfilment';
import {
  STALE_CLAIM_MS,
  type CheckoutStore,
  type NewOrder,
  type Order,
  type StoredSession,
} from '../../server/store/sessionStorePort';
import type { RefundRecord } from '../../server/payments/paymentsPort';
import { anOrderDelivery } from '../support/builders';

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
    delivery: null,
    successUrl: `http://localhost:1234/payment-confirmation?success=true&session_id=${id}`,
    cancelUrl: 'http://localhost:1234/payment-confirmation?canceled=true',
    createdAt: 1_700_000_000_000,
    expiresAt: 1_700_000_000_000 + 3_600_000,
    finishedAt: null,
    paymentMethod: null,
    pix: null,
    boleto: null,
    idempotencyKey: null,
    reserved: [],
    ...overrides,
  };
}
/** A quoted Expressa (R$ 34,90) to Rio, address not in yet (written out, not quoted: the store keeps whatever it is given). */
export const aDelivery = (overrides: Partial<OrderDelivery> = {}): OrderDelivery =>
  anOrderDelivery({ cep: '20040002', uf: 'RJ', address: null, ...overrides }).build();
const rioAddress = {
  recipient: 'Ana Souza',
  cep: '20040002',
  street: 'Avenida Rio Branco',
  number: '156',
  complement: 'sala 1201',
  neighborhood: 'Centro',
  city: 'Rio de Janeiro',
  uf: 'RJ' as const,
};
const during = 1_700_000_000_000 + 60_000;
const after = 1_700_000_000_000 + 3_600_000;
/** A new order's life, written out: paid at `during`, nothing else yet. */
const paidAtDuring: Fulfilment = {
  status: 'pago',
  history: [{ status: 'pago', at: during }],
  trackingCode: null,
  deliveredAt: null,
  returnReason: null,
};

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
      const expectedOrder: Order = {
        id: session.id,
        provider: 'simulated',
        uid: 'ana-uid',
        email: 'ana@example.com',
        lineItems: session.lineItems,
        amountTotal: session.amountTotal,
        currency: 'brl',
        delivery: null,
        paymentMethod: 'card',
        paidAt: during,
        paymentIntentId: null,
        fulfilment: paidAtDuring,
        refund: null,
      };
      const first = await store.settle(session.id, 'paid', during, { paymentMethod: 'card' });
      // The session carries the order's first step too: Meus pedidos reads sessions.
      const paid = { ...session, status: 'paid', paymentMethod: 'card', finishedAt: during, fulfilment: paidAtDuring };
      expect(first).toEqual({ kind: 'settled', session: paid, order: expectedOrder });
      const second = await store.settle(session.id, 'paid', during + 1);
      expect(second).toEqual({ kind: 'finished', session: paid });
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
        expect(await store.settle(session.id, outcome, during)).toMatchObject({
          kind: 'settled',
          session: { status: outcome },
          order: null,
        });
        expect(await store.getOrder(session.id)).toBeNull();
        expect(await store.settle(session.id, 'paid', during)).toMatchObject({
          kind: 'finished',
          session: { status: outcome },
        });
        expect(await store.getOrder(session.id)).toBeNull();
      }
    });

    it('an expired session is finished, unless the provider says otherwise (evenIfExpired)', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      expect(await store.settle(session.id, 'paid', after)).toMatchObject({
        kind: 'finished',
        session: { status: 'open' },
      });
      expect(await store.getOrder(session.id)).toBeNull();
      expect(await store.settle(session.id, 'paid', after, { evenIfExpired: true })).toMatchObject({
        kind: 'settled',
        order: { id: session.id },
      });
    });

    it('settling an unknown session reports missing and records nothing', async () => {
      const store = await makeStore();
      expect(await store.settle('cs_sim_missing', 'paid', during)).toEqual({ kind: 'missing' });
      expect(await store.getOrder('cs_sim_missing')).toBeNull();
    });

    it('recordOrder creates once and never overwrites; the order starts at Pago, at its payment', async () => {
      const store = await makeStore();
      const order: NewOrder = {
        id: `cs_test_${Date.now()}`,
        provider: 'stripe',
        uid: 'u',
        email: null,
        lineItems: [],
        amountTotal: 100,
        currency: 'brl',
        delivery: aDelivery({ address: rioAddress, review: 'Frete em revisão: teste' }),
        paymentMethod: 'pix',
        paidAt: during,
      };
      expect(await store.recordOrder(order)).toEqual({ created: true });
      expect(await store.recordOrder({ ...order, amountTotal: 1 })).toEqual({ created: false });
      expect(await store.getOrder(order.id)).toEqual({
        ...order,
        paymentIntentId: null,
        fulfilment: paidAtDuring,
        refund: null,
      });
      const withIntent = { ...order, id: `${order.id}_pi`, paymentIntentId: 'pi_3Q0recorded' };
      expect(await store.recordOrder(withIntent)).toEqual({ created: true });
      expect(await store.getOrder(withIntent.id)).toMatchObject({ paymentIntentId: 'pi_3Q0recorded', refund: null });
    });

    it("a paid session's order keeps the provider's PaymentIntent id (what its refund names)", async () => {
      const store = await makeStore();
      const session = aSession({ provider: 'stripe' });
      await store.saveSession(session);
      const settled = await store.settle(session.id, 'paid', during, {
        paymentMethod: 'card',
        paymentIntentId: 'pi_3Q0settled',
      });
      expect(settled).toMatchObject({ kind: 'settled', order: { paymentIntentId: 'pi_3Q0settled', refund: null } });
      expect(await store.getOrder(session.id)).toMatchObject({ provider: 'stripe', paymentIntentId: 'pi_3Q0settled' });
    });

    it('setDelivery replaces the delivery while open (address included); the paid order copies it', async () => {
      const store = await makeStore();
      const session = aSession({ delivery: aDelivery() });
      await store.saveSession(session);
      expect(await store.getSession(session.id)).toEqual(session);
      const withAddress = aDelivery({
        service: 'economica',
        serviceName: 'Econômica',
        amount: 2340,
        businessDays: { min: 3, max: 6 },
        address: rioAddress,
      });
      expect(await store.setDelivery(session.id, withAddress, during)).toEqual({
        kind: 'set',
        session: { ...session, delivery: withAddress },
      });
      expect((await store.getSession(session.id))?.delivery).toEqual(withAddress);
      const settled = await store.settle(session.id, 'paid', during, { paymentMethod: 'card' });
      expect(settled).toMatchObject({
        kind: 'settled',
        order: { delivery: withAddress, amountTotal: session.amountTotal },
      });
      expect((await store.getOrder(session.id))?.delivery).toEqual(withAddress);
      // Paid: the delivery cannot change any more.
      expect(await store.setDelivery(session.id, aDelivery(), during)).toMatchObject({
        kind: 'finished',
        session: { delivery: withAddress },
      });
      expect((await store.getOrder(session.id))?.delivery).toEqual(withAddress);
    });

    it('markPending with the amount the code was made for: refused once the delivery changed it', async () => {
      const store = await makeStore();
      const session = aSession({ delivery: aDelivery() });
      await store.saveSession(session);
      const madeFor = session.amountTotal + 3490;
      await store.setDelivery(session.id, aDelivery({ amount: 1990 }), during); // another tab chose Econômica
      expect(await store.markPending(session.id, 'pix', { pix }, during, { amountDue: madeFor })).toMatchObject({
        kind: 'finished',
        session: { status: 'open' },
      });
      expect(
        await store.markPending(session.id, 'pix', { pix }, during, { amountDue: session.amountTotal + 1990 }),
      ).toMatchObject({ kind: 'pending' });
    });

    it('setDelivery refuses an unknown, a pending and an expired session (unless evenIfExpired)', async () => {
      const store = await makeStore();
      expect(await store.setDelivery('cs_sim_missing', aDelivery(), during)).toEqual({ kind: 'missing' });
      const expired = aSession();
      await store.saveSession(expired);
      expect(await store.setDelivery(expired.id, aDelivery(), after)).toMatchObject({
        kind: 'finished',
        session: { delivery: null },
      });
      expect(await store.setDelivery(expired.id, aDelivery(), after, { evenIfExpired: true })).toMatchObject({
        kind: 'set',
        session: { delivery: aDelivery() },
      });
      const pending = aSession();
      await store.saveSession(pending);
      await store.markPending(pending.id, 'pix', { pix }, during);
      expect(await store.setDelivery(pending.id, aDelivery(), during)).toMatchObject({
        kind: 'finished',
        session: { status: 'pending', delivery: null },
      });
    });

    const pix = {
      copyPaste: '00020126580014br.gov.bcb.pix0136abc5204000053039865802BR6304ABCD',
      expiresAt: during + 600_000,
    };
    const boleto = { line: '00190.00009 01234.567890 12345.678901 1 10000000012345', dueAt: during + 3 * 86_400_000 };

    it('markPending: open → pending once, with the method and its details; then only paid/declined/expired', async () => {
      const store = await makeStore();
      const session = aSession({ idempotencyKey: 'attempt-1234' });
      await store.saveSession(session);
      const pending = { ...session, status: 'pending', paymentMethod: 'pix', pix, boleto: null };
      expect(await store.markPending(session.id, 'pix', { pix }, during)).toEqual({
        kind: 'pending',
        session: pending,
      });
      expect(await store.getSession(session.id)).toEqual(pending);
      // A second tab, or a replayed webhook: nothing changes.
      expect(await store.markPending(session.id, 'boleto', { boleto }, during)).toEqual({
        kind: 'finished',
        session: pending,
      });
      expect(await store.settle(session.id, 'canceled', during)).toMatchObject({
        kind: 'finished',
        session: { status: 'pending' },
      });
      // A pending Pix settles only as a Pix.
      expect(await store.settle(session.id, 'paid', during, { paymentMethod: 'card' })).toMatchObject({
        kind: 'finished',
        session: { status: 'pending' },
      });
      expect(await store.settle(session.id, 'paid', during + 1, { paymentMethod: 'pix' })).toMatchObject({
        kind: 'settled',
        session: { status: 'paid', paymentMethod: 'pix', pix, finishedAt: during + 1 },
        order: { id: session.id, paymentMethod: 'pix', paidAt: during + 1 },
      });
      expect(await store.markPending(session.id, 'pix', { pix }, during)).toMatchObject({
        kind: 'finished',
        session: { status: 'paid' },
      });
      expect(await store.getOrder(session.id)).toMatchObject({ paymentMethod: 'pix', lineItems: session.lineItems });
    });

    it('markPending refuses an unknown session and an expired one (unless evenIfExpired)', async () => {
      const store = await makeStore();
      expect(await store.markPending('cs_sim_missing', 'pix', { pix }, during)).toEqual({ kind: 'missing' });
      const session = aSession();
      await store.saveSession(session);
      expect(await store.markPending(session.id, 'boleto', { boleto }, after)).toMatchObject({
        kind: 'finished',
        session: { status: 'open' },
      });
      expect(await store.markPending(session.id, 'boleto', { boleto }, after, { evenIfExpired: true })).toMatchObject({
        kind: 'pending',
        session: { status: 'pending', paymentMethod: 'boleto', boleto, pix: null },
      });
    });

    it('a pending Pix past its deadline cannot be paid, only expired', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      await store.markPending(session.id, 'pix', { pix }, during);
      expect(await store.settle(session.id, 'paid', pix.expiresAt, { paymentMethod: 'pix' })).toMatchObject({
        kind: 'finished',
        session: { status: 'pending' },
      });
      expect(await store.settle(session.id, 'expired', pix.expiresAt)).toMatchObject({
        kind: 'settled',
        session: { status: 'expired' },
        order: null,
      });
      expect(await store.settle(session.id, 'paid', pix.expiresAt, { evenIfExpired: true })).toMatchObject({
        kind: 'finished',
        session: { status: 'expired' },
      });
      expect(await store.getOrder(session.id)).toBeNull();
    });

    it('pending → declined and open → expired record no order; the provider may pay a pending session late', async () => {
      const store = await makeStore();
      const declined = aSession();
      await store.saveSession(declined);
      await store.markPending(declined.id, 'boleto', { boleto }, during);
      expect(await store.settle(declined.id, 'declined', during)).toMatchObject({
        kind: 'settled',
        session: { status: 'declined', paymentMethod: 'boleto' },
        order: null,
      });
      const expired = aSession();
      await store.saveSession(expired);
      expect(await store.settle(expired.id, 'expired', during)).toMatchObject({
        kind: 'settled',
        session: { status: 'expired', paymentMethod: null },
        order: null,
      });
      const late = aSession();
      await store.saveSession(late);
      await store.markPending(late.id, 'boleto', { boleto }, during);
      expect(await store.settle(late.id, 'paid', boleto.dueAt + 1, { evenIfExpired: true })).toMatchObject({
        kind: 'settled',
        order: { paymentMethod: 'boleto' },
      });
    });

    it('two tabs paying the same pending session: exactly one settles, exactly one order', async () => {
      const store = await makeStore();
      const session = aSession();
      await store.saveSession(session);
      const marks = await Promise.all([
        store.markPending(session.id, 'pix', { pix }, during),
        store.markPending(session.id, 'pix', { pix }, during),
      ]);
      expect(marks.filter((r) => r.kind === 'pending')).toHaveLength(1);
      const results = await Promise.all([
        store.settle(session.id, 'paid', during, { paymentMethod: 'pix' }),
        store.settle(session.id, 'paid', during, { paymentMethod: 'pix' }),
        store.settle(session.id, 'expired', during),
      ]);
      expect(results.filter((r) => r.kind === 'settled')).toHaveLength(1);
      expect(results.flatMap((r) => (r.kind === 'settled' && r.order ? [r.order] : []))).toHaveLength(
        (await store.getSession(session.id))?.status === 'paid' ? 1 : 0,
      );
    });

    it('idempotency keys: claimed once per scope, same cart → existing, other cart → conflict, release frees it', async () => {
      const store = await makeStore();
      const key = `scope-${++sequence}-${Date.now()}`;
      const record = { uid: 'ana-uid', key: 'attempt-1', fingerprint: 'f1', createdAt: during };
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.claimIdempotencyKey(key, record)));
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'existing')).toHaveLength(9);
      expect(await store.claimIdempotencyKey(key, { ...record, fingerprint: 'f2' })).toEqual({ kind: 'conflict' });
      await store.completeIdempotencyKey(key, 'cs_sim_x', 'http://backend.test/pay/cs_sim_x');
      expect(await store.claimIdempotencyKey(key, record)).toEqual({
        kind: 'existing',
        sessionId: 'cs_sim_x',
        url: 'http://backend.test/pay/cs_sim_x',
      });
      const other = `scope-${++sequence}-${Date.now()}`;
      expect(await store.claimIdempotencyKey(other, record)).toEqual({ kind: 'claimed' });
      await store.releaseIdempotencyKey(other);
      expect(await store.claimIdempotencyKey(other, record)).toEqual({ kind: 'claimed' });
    });

    it('an abandoned claim (no url after STALE_CLAIM_MS) is taken over by exactly one repeat', async () => {
      const store = await makeStore();
      const key = `stale-${++sequence}-${Date.now()}`;
      const record = { uid: 'ana-uid', key: 'attempt-2', fingerprint: 'f1', createdAt: during };
      expect(await store.claimIdempotencyKey(key, record)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(key, { ...record, createdAt: during + STALE_CLAIM_MS - 1 })).toEqual({
        kind: 'existing',
        sessionId: null,
        url: null,
      });
      const later = { ...record, createdAt: during + STALE_CLAIM_MS };
      const claims = await Promise.all([store.claimIdempotencyKey(key, later), store.claimIdempotencyKey(key, later)]);
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    });

    describe("an order's life after the payment (docs/requirements.md#order-lifecycle)", () => {
      // The steps' times, written out: an hour after the payment, the next day, three days after it (Friday
      // 17/11/2023 in Brasília), then the last day of the return window (Friday 24/11) and the day after.
      const separatedAt = 1_700_003_660_000;
      const shippedAt = 1_700_086_460_000;
      const deliveredAt = 1_700_259_260_000;
      const returnAskedAt = 1_700_864_060_000;
      const refundedAt = 1_700_950_460_000;

      async function aPaidOrder(store: CheckoutStore) {
        const session = aSession();
        await store.saveSession(session);
        const settled = await store.settle(session.id, 'paid', during, { paymentMethod: 'card' });
        if (settled.kind !== 'settled' || !settled.order) throw new Error(`not paid: ${settled.kind}`);
        return { session, order: settled.order };
      }

      it('separar, enviar with its tracking code, entregar, a return within 7 days, reembolsar: each stored with its time', async () => {
        const store = await makeStore();
        const { session, order } = await aPaidOrder(store);
        expect(order.fulfilment).toEqual(paidAtDuring);

        const separated: Fulfilment = {
          status: 'em_separacao',
          history: [
            { status: 'pago', at: during },
            { status: 'em_separacao', at: separatedAt },
          ],
          trackingCode: null,
          deliveredAt: null,
          returnReason: null,
        };
        expect(await store.stepOrder(session.id, { type: 'separar', at: separatedAt })).toEqual({
          kind: 'applied',
          order: { ...order, fulfilment: separated },
        });

        const shipped: Fulfilment = {
          status: 'enviado',
          history: [
            { status: 'pago', at: during },
            { status: 'em_separacao', at: separatedAt },
            { status: 'enviado', at: shippedAt },
          ],
          trackingCode: 'QB123456789BR',
          deliveredAt: null,
          returnReason: null,
        };
        expect(
          await store.stepOrder(session.id, { type: 'enviar', at: shippedAt, trackingCode: 'QB123456789BR' }),
        ).toEqual({ kind: 'applied', order: { ...order, fulfilment: shipped } });

        const delivered = await store.stepOrder(session.id, { type: 'entregar', at: deliveredAt });
        expect(delivered).toMatchObject({
          kind: 'applied',
          order: { fulfilment: { status: 'entregue', deliveredAt } },
        });
        const returnAsked = await store.stepOrder(session.id, {
          type: 'solicitarDevolucao',
          at: returnAskedAt,
          reason: 'tamanho',
        });
        expect(returnAsked).toMatchObject({
          kind: 'applied',
          order: { fulfilment: { status: 'devolucao_solicitada' } },
        });

        const refunded: Fulfilment = {
          status: 'reembolsado',
          history: [
            { status: 'pago', at: during },
            { status: 'em_separacao', at: separatedAt },
            { status: 'enviado', at: shippedAt },
            { status: 'entregue', at: deliveredAt },
            { status: 'devolucao_solicitada', at: returnAskedAt },
            { status: 'reembolsado', at: refundedAt },
          ],
          trackingCode: 'QB123456789BR',
          deliveredAt,
          returnReason: 'tamanho',
        };
        expect(await store.stepOrder(session.id, { type: 'reembolsar', at: refundedAt })).toEqual({
          kind: 'applied',
          order: { ...order, fulfilment: refunded },
        });
        expect(await store.getOrder(session.id)).toEqual({ ...order, fulfilment: refunded });
      });

      it("the session mirrors the order's life, from the payment to each step taken", async () => {
        const store = await makeStore();
        const { session } = await aPaidOrder(store);
        expect((await store.getSession(session.id))?.fulfilment).toEqual(paidAtDuring);
        await store.stepOrder(session.id, { type: 'cancelar', at: separatedAt });
        const canceled: Fulfilment = {
          status: 'cancelado',
          history: [
            { status: 'pago', at: during },
            { status: 'cancelado', at: separatedAt },
          ],
          trackingCode: null,
          deliveredAt: null,
          returnReason: null,
        };
        expect(await store.getSession(session.id)).toEqual({
          ...session,
          status: 'paid',
          paymentMethod: 'card',
          finishedAt: during,
          fulfilment: canceled,
        });
        expect((await store.getOrder(session.id))?.fulfilment).toEqual(canceled);
      });

      it('a step the order cannot take changes nothing and says why, in pt-BR', async () => {
        const store = await makeStore();
        const { session, order } = await aPaidOrder(store);
        const paidSession = await store.getSession(session.id);

        expect(await store.stepOrder(session.id, { type: 'entregar', at: separatedAt })).toEqual({
          kind: 'refused',
          message: 'Não é possível entregar um pedido com a situação "Pago".',
          order,
        });
        expect(await store.getOrder(session.id)).toEqual(order);
        expect(await store.getSession(session.id)).toEqual(paidSession);

        await store.stepOrder(session.id, { type: 'separar', at: separatedAt });
        const separated = await store.getOrder(session.id);
        const separatedSession = await store.getSession(session.id);
        expect(
          await store.stepOrder(session.id, { type: 'enviar', at: shippedAt, trackingCode: 'qb123456789br' }),
        ).toEqual({
          kind: 'refused',
          message: 'Código de rastreio inválido: "qb123456789br". Use o formato dos Correios, como AA123456789BR.',
          order: separated,
        });
        expect(await store.getOrder(session.id)).toEqual(separated);
        expect(await store.getSession(session.id)).toEqual(separatedSession);
      });

      it('an unknown order is missing', async () => {
        const store = await makeStore();
        expect(await store.stepOrder('cs_sim_missing', { type: 'separar', at: separatedAt })).toEqual({
          kind: 'missing',
        });
        expect(await store.getOrder('cs_sim_missing')).toBeNull();
      });

      it('an order recorded without its life starts at Pago, at paidAt, and has no session to mirror to', async () => {
        const store = await makeStore();
        const id = `cs_test_lifeless${++sequence}${Date.now()}`;
        await store.recordOrder({
          id,
          provider: 'stripe',
          uid: 'ana-uid',
          email: 'ana@example.com',
          lineItems: [],
          amountTotal: 5990,
          currency: 'brl',
          delivery: null,
          paymentMethod: 'pix',
          paidAt: during,
        });
        expect(await store.stepOrder(id, { type: 'separar', at: separatedAt })).toMatchObject({
          kind: 'applied',
          order: {
            fulfilment: {
              status: 'em_separacao',
              history: [
                { status: 'pago', at: during },
                { status: 'em_separacao', at: separatedAt },
              ],
            },
          },
        });
        expect(await store.getSession(id)).toBeNull();
      });

      it('two concurrent separar: exactly one applies, the other is refused', async () => {
        const store = await makeStore();
        const { session } = await aPaidOrder(store);
        const results = await Promise.all([
          store.stepOrder(session.id, { type: 'separar', at: separatedAt }),
          store.stepOrder(session.id, { type: 'separar', at: separatedAt + 1 }),
        ]);
        expect(results.map((result) => result.kind).sort()).toEqual(['applied', 'refused']);
        expect(results.find((result) => result.kind === 'refused')).toMatchObject({
          message: 'Não é possível separar um pedido com a situação "Em separação".',
        });
        const stored = await store.getOrder(session.id);
        expect(stored?.fulfilment.history).toHaveLength(2);
        expect((await store.getSession(session.id))?.fulfilment).toEqual(stored?.fulfilment);
      });

      describe('recordRefund: the refund made and the Reembolsado step, written together', () => {
        /** R$ 1.059,70 of products, no frete (a session without a delivery): what the provider gave back. */
        const aRefund = (id: string, at = refundedAt): RefundRecord => ({
          provider: 'simulated',
          id: `sim_refund_${id}`,
          amount: 2 * 49990 + 5990,
          at,
        });
        const canceledThenRefunded = (refundAt: number): Fulfilment => ({
          status: 'reembolsado',
          history: [
            { status: 'pago', at: during },
            { status: 'cancelado', at: separatedAt },
            { status: 'reembolsado', at: refundAt },
          ],
          trackingCode: null,
          deliveredAt: null,
          returnReason: null,
        });

        it("a canceled order: Reembolsado at the refund's time, with the refund; the session mirrors the step", async () => {
          const store = await makeStore();
          const { session, order } = await aPaidOrder(store);
          await store.stepOrder(session.id, { type: 'cancelar', at: separatedAt });
          expect((await store.getOrder(session.id))?.refund).toBeNull();
          const refund = aRefund(session.id);
          const refunded: Order = { ...order, fulfilment: canceledThenRefunded(refundedAt), refund };
          expect(await store.recordRefund(session.id, refund)).toEqual({ kind: 'applied', order: refunded });
          expect(await store.getOrder(session.id)).toEqual(refunded);
          expect((await store.getSession(session.id))?.fulfilment).toEqual(canceledThenRefunded(refundedAt));
        });

        it('a second refund of a refunded order is refused by the lifecycle; the first refund stays', async () => {
          const store = await makeStore();
          const { session } = await aPaidOrder(store);
          await store.stepOrder(session.id, { type: 'cancelar', at: separatedAt });
          await store.recordRefund(session.id, aRefund(session.id));
          const refunded = await store.getOrder(session.id);
          const again = await store.recordRefund(session.id, { ...aRefund(session.id), id: 're_other', at: after });
          expect(again).toEqual({
            kind: 'refused',
            message: 'Não é possível reembolsar um pedido com a situação "Reembolsado".',
            order: refunded,
          });
          expect(await store.getOrder(session.id)).toEqual(refunded);
          expect(refunded?.refund).toEqual(aRefund(session.id));
        });

        it('an order the lifecycle does not refund (Pago) keeps no refund; an unknown one is missing', async () => {
          const store = await makeStore();
          const { session, order } = await aPaidOrder(store);
          const paidSession = await store.getSession(session.id);
          expect(await store.recordRefund(session.id, aRefund(session.id))).toEqual({
            kind: 'refused',
            message: 'Não é possível reembolsar um pedido com a situação "Pago".',
            order,
          });
          expect(await store.getOrder(session.id)).toEqual(order);
          expect(await store.getSession(session.id)).toEqual(paidSession);
          expect(await store.recordRefund('cs_sim_missing', aRefund('cs_sim_missing'))).toEqual({ kind: 'missing' });
          expect(await store.getOrder('cs_sim_missing')).toBeNull();
        });

        it('two concurrent refunds: exactly one is recorded, the other refused', async () => {
          const store = await makeStore();
          const { session } = await aPaidOrder(store);
          await store.stepOrder(session.id, { type: 'cancelar', at: separatedAt });
          const first = aRefund(session.id);
          const second = { ...aRefund(session.id), id: 're_second', at: refundedAt + 1 };
          const results = await Promise.all([
            store.recordRefund(session.id, first),
            store.recordRefund(session.id, second),
          ]);
          expect(results.map((result) => result.kind).sort()).toEqual(['applied', 'refused']);
          const applied = results.find((result) => result.kind === 'applied');
          const stored = await store.getOrder(session.id);
          expect(stored).toEqual(applied?.kind === 'applied' ? applied.order : null);
          expect(stored?.fulfilment.history).toHaveLength(3);
          expect([first, second]).toContainEqual(stored?.refund);
        });
      });

      it('listOrders: the most recently paid first, at most `limit`', async () => {
        const store = await makeStore();
        // Paid in 2100: later than any other order of this suite, which may share the database.
        const inTheFuture = 4_102_444_800_000;
        const ids = ['a', 'b', 'c'].map((letter) => `cs_test_list_${letter}${++sequence}${Date.now()}`);
        for (const [index, id] of ids.entries()) {
          await store.recordOrder({
            id,
            provider: 'simulated',
            uid: 'ana-uid',
            email: 'ana@example.com',
            lineItems: [],
            amountTotal: 100,
            currency: 'brl',
            delivery: null,
            paymentMethod: 'card',
            paidAt: inTheFuture + index * 1000,
          });
        }
        const listed = await store.listOrders(2);
        expect(listed.map((order) => [order.id, order.paidAt])).toEqual([
          [ids[2], inTheFuture + 2000],
          [ids[1], inTheFuture + 1000],
        ]);
        expect(listed[0]?.fulfilment).toEqual({
          ...paidAtDuring,
          history: [{ status: 'pago', at: inTheFuture + 2000 }],
        });
      });
    });
  });
}
