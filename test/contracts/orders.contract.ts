import { describe, expect, it } from 'vitest';
import { OrdersUnavailableError, type OrdersPort } from '../../src/adapters/orders/ordersPort';
import { anOrderDelivery } from '../support/builders';

export interface OrdersSetup {
  /** Who is signed in (the Firestore implementation reads as this user, under firestore.rules). */
  uid: string;
  /** Raw `checkoutSessions` documents planted before the test (as the backend writes them), keyed by id. */
  documents?: Readonly<Record<string, unknown>>;
  /** Where skipped documents are reported. */
  log?: (message: string, detail: unknown) => void;
}
export type MakeOrders = (setup: OrdersSetup) => Promise<OrdersPort>;

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 15, 0, 0);

/** A checkoutSessions document as the payments backend writes it. */
export function aSessionDocument(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    provider: 'simulated',
    status: 'paid',
    uid: 'ana',
    email: 'ana@example.com',
    lineItems: [
      { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 50000, quantity: 2 },
      { productId: 'bone-branco', name: 'Boné Branco', unitAmount: 5990, quantity: 1 },
    ],
    amountTotal: 105990,
    currency: 'brl',
    successUrl: 'http://localhost:1234/payment-confirmation?success=true&session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:1234/payment-confirmation?canceled=true',
    createdAt: T0,
    expiresAt: T0 + DAY,
    finishedAt: T0 + 60_000,
    paymentMethod: 'card',
    pix: null,
    boleto: null,
    idempotencyKey: null,
    ...overrides,
  };
}

/** `checkoutSessions/{id}.delivery` once the shopper's address is in (Expressa to São Paulo). */
export function aStoredDelivery(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...anOrderDelivery().build(), ...overrides };
}

/** `checkoutSessions/{id}.fulfilment` once the order is sent: paid, picked the next day, sent the day after. */
export function aStoredFulfilment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'enviado',
    history: [
      { status: 'pago', at: T0 + 60_000 },
      { status: 'em_separacao', at: T0 + DAY },
      { status: 'enviado', at: T0 + 2 * DAY },
    ],
    trackingCode: 'AA123456789BR',
    deliveredAt: null,
    returnReason: null,
    ...overrides,
  };
}

/** The OrdersPort contract: every implementation must pass it. */
export function testOrdersPort(name: string, makeAdapter: MakeOrders) {
  describe(`OrdersPort contract: ${name}`, () => {
    it('lists nothing for a shopper without sessions', async () => {
      const orders = await makeAdapter({ uid: 'ana', documents: { s1: aSessionDocument('s1', { uid: 'bruno' }) } });
      await expect(orders.listMine('ana')).resolves.toEqual([]);
    });

    it("lists only the shopper's own sessions, newest first, leaving out open ones (abandoned attempts)", async () => {
      const orders = await makeAdapter({
        uid: 'ana',
        documents: {
          old: aSessionDocument('old', { createdAt: T0 - 2 * DAY }),
          pix: aSessionDocument('pix', {
            createdAt: T0,
            status: 'pending',
            paymentMethod: 'pix',
            finishedAt: null,
            pix: { copyPaste: '00020126pix', expiresAt: T0 + 1800_000 },
          }),
          open: aSessionDocument('open', {
            createdAt: T0 + DAY,
            status: 'open',
            paymentMethod: null,
            finishedAt: null,
          }),
          boleto: aSessionDocument('boleto', {
            createdAt: T0 - DAY,
            status: 'expired',
            paymentMethod: 'boleto',
            boleto: { line: '34191.79001 01043.510047', dueAt: T0 },
          }),
          bruno: aSessionDocument('bruno', { uid: 'bruno', createdAt: T0 + 2 * DAY }),
        },
      });
      const list = await orders.listMine('ana');
      expect(list.map((order) => [order.id, order.status])).toEqual([
        ['pix', 'pending'],
        ['boleto', 'expired'],
        ['old', 'paid'],
      ]);
      expect(list[0]).toEqual({
        id: 'pix',
        status: 'pending',
        uid: 'ana',
        items: [
          { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 50000, quantity: 2 },
          { productId: 'bone-branco', name: 'Boné Branco', unitAmount: 5990, quantity: 1 },
        ],
        amountTotal: 105990,
        createdAt: T0,
        paymentMethod: 'pix',
        pix: { copyPaste: '00020126pix', expiresAt: T0 + 1800_000 },
        boleto: null,
        delivery: null,
        fulfilment: null,
      });
      expect(list[1]?.boleto).toEqual({ line: '34191.79001 01043.510047', dueAt: T0 });
    });

    it('skips and logs a malformed document; the others are still listed', async () => {
      const logged: unknown[] = [];
      const orders = await makeAdapter({
        uid: 'ana',
        log: (_, detail) => logged.push(detail),
        documents: {
          good: aSessionDocument('good'),
          bad: aSessionDocument('bad', { amountTotal: 'mil reais', createdAt: T0 + DAY }),
        },
      });
      expect((await orders.listMine('ana')).map((order) => order.id)).toEqual(['good']);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ code: 'document/malformed', documentId: 'bad' });
    });

    it('carries the delivery: service, frete, window, address and review as stored; null for sessions without the field', async () => {
      const orders = await makeAdapter({
        uid: 'ana',
        documents: {
          delivered: aSessionDocument('delivered', { delivery: aStoredDelivery() }),
          older: aSessionDocument('older', { createdAt: T0 - DAY }),
          review: aSessionDocument('review', {
            createdAt: T0 - 2 * DAY,
            delivery: aStoredDelivery({ review: 'Endereço em RJ, frete cotado para SP.' }),
          }),
        },
      });
      const [delivered, older, review] = await orders.listMine('ana');
      expect(delivered?.delivery).toEqual({
        cep: '01310100',
        uf: 'SP',
        service: 'expressa',
        serviceName: 'Expressa',
        amount: 3490,
        businessDays: { min: 1, max: 2 },
        window: { from: '2026-12-03', to: '2026-12-07' },
        address: {
          recipient: 'Ana Souza',
          cep: '01310100',
          street: 'Rua Augusta',
          number: '100',
          complement: '',
          neighborhood: 'Consolação',
          city: 'São Paulo',
          uf: 'SP',
        },
        review: null,
      });
      expect(older?.id).toBe('older');
      expect(older?.delivery).toBeNull();
      expect(review?.delivery?.review).toBe('Endereço em RJ, frete cotado para SP.');
    });

    it('reads a pending session whose address is not in yet (delivery.address null) for the confirmation page', async () => {
      const orders = await makeAdapter({
        uid: 'ana',
        documents: {
          s1: aSessionDocument('s1', {
            status: 'pending',
            paymentMethod: null,
            finishedAt: null,
            delivery: aStoredDelivery({ address: null }),
          }),
        },
      });
      const order = await orders.getForConfirmation('s1');
      expect(order?.delivery).toMatchObject({ service: 'expressa', amount: 3490, address: null });
    });

    it('a malformed delivery is dropped (null) and logged; the order is still shown', async () => {
      const logged: unknown[] = [];
      const orders = await makeAdapter({
        uid: 'ana',
        log: (_, detail) => logged.push(detail),
        documents: {
          s1: aSessionDocument('s1', {
            delivery: aStoredDelivery({ amount: '34,90', window: { from: 'amanhã', to: '2026-12-07' } }),
          }),
        },
      });
      const list = await orders.listMine('ana');
      expect(list.map((order) => [order.id, order.amountTotal, order.delivery])).toEqual([['s1', 105990, null]]);
      await expect(orders.getForConfirmation('s1')).resolves.toMatchObject({ id: 's1', delivery: null });
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ code: 'document/malformed', documentId: 's1' });
      expect(String((logged[0] as Error).message)).toContain('delivery.');
    });

    it('carries the fulfilment: status, every step with its time, tracking code; null for sessions without the field', async () => {
      const orders = await makeAdapter({
        uid: 'ana',
        documents: {
          shipped: aSessionDocument('shipped', { fulfilment: aStoredFulfilment() }),
          older: aSessionDocument('older', { createdAt: T0 - DAY }),
        },
      });
      const [shipped, older] = await orders.listMine('ana');
      // The stored steps come back as they were written, every field of them.
      expect(shipped?.fulfilment).toEqual(aStoredFulfilment());
      expect(older?.id).toBe('older');
      expect(older?.fulfilment).toBeNull();
      await expect(orders.getForConfirmation('shipped')).resolves.toMatchObject({
        fulfilment: { status: 'enviado', trackingCode: 'AA123456789BR' },
      });
    });

    it('a malformed fulfilment is dropped (null) and logged; the order and its delivery are still shown', async () => {
      const logged: [string, unknown][] = [];
      const orders = await makeAdapter({
        uid: 'ana',
        log: (message, detail) => logged.push([message, detail]),
        documents: {
          s1: aSessionDocument('s1', {
            delivery: aStoredDelivery(),
            fulfilment: aStoredFulfilment({ status: 'shipped', history: [{ status: 'pago', at: 'ontem' }] }),
          }),
          s2: aSessionDocument('s2', {
            createdAt: T0 - DAY,
            delivery: aStoredDelivery({ uf: 'sp' }),
            fulfilment: aStoredFulfilment({ trackingCode: 123 }),
          }),
        },
      });
      const list = await orders.listMine('ana');
      expect(list.map((order) => [order.id, order.amountTotal, order.delivery?.uf ?? null, order.fulfilment])).toEqual([
        ['s1', 105990, 'SP', null],
        ['s2', 105990, null, null],
      ]);
      const dropped = logged.map(([message, detail]) => [message, (detail as { documentId?: unknown }).documentId]);
      expect(dropped.sort()).toEqual([
        ['[orders] dropped a malformed delivery', 's2'],
        ['[orders] dropped a malformed fulfilment', 's1'],
        ['[orders] dropped a malformed fulfilment', 's2'],
      ]);
      for (const [, detail] of logged) expect(detail).toMatchObject({ code: 'document/malformed' });
      const s1 = logged.find(([, detail]) => (detail as { documentId?: unknown }).documentId === 's1');
      expect((s1?.[1] as Error).message).toContain('"s1": fulfilment.');
    });

    it('a document malformed beyond its delivery is still skipped, logged once', async () => {
      const logged: unknown[] = [];
      const orders = await makeAdapter({
        uid: 'ana',
        log: (_, detail) => logged.push(detail),
        documents: { s1: aSessionDocument('s1', { amountTotal: -1, delivery: aStoredDelivery({ uf: 'sp' }) }) },
      });
      await expect(orders.listMine('ana')).resolves.toEqual([]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ code: 'document/malformed', documentId: 's1' });
    });

    it("refuses to list another shopper's orders with OrdersUnavailableError", async () => {
      const orders = await makeAdapter({ uid: 'ana', documents: { s1: aSessionDocument('s1', { uid: 'bruno' }) } });
      await expect(orders.listMine('bruno')).rejects.toBeInstanceOf(OrdersUnavailableError);
    });

    it("reads one of the shopper's sessions for the confirmation page, pending ones included", async () => {
      const boleto = { line: '34191.79001 01043.510047 91020.150008 1 96610000010599', dueAt: T0 + 3 * DAY };
      const orders = await makeAdapter({
        uid: 'ana',
        documents: {
          s1: aSessionDocument('s1', { status: 'pending', paymentMethod: 'boleto', finishedAt: null, boleto }),
        },
      });
      await expect(orders.getForConfirmation('s1')).resolves.toMatchObject({
        id: 's1',
        status: 'pending',
        paymentMethod: 'boleto',
        boleto,
        amountTotal: 105990,
      });
    });

    it("answers null for a missing session and for someone else's", async () => {
      const orders = await makeAdapter({
        uid: 'ana',
        documents: { theirs: aSessionDocument('theirs', { uid: 'bruno' }) },
      });
      await expect(orders.getForConfirmation('nope')).resolves.toBeNull();
      await expect(orders.getForConfirmation('theirs')).resolves.toBeNull();
    });

    it('answers null (and logs) for a malformed session', async () => {
      const logged: unknown[] = [];
      const orders = await makeAdapter({
        uid: 'ana',
        log: (_, detail) => logged.push(detail),
        documents: { s1: aSessionDocument('s1', { lineItems: 'x' }) },
      });
      await expect(orders.getForConfirmation('s1')).resolves.toBeNull();
      expect(logged).toHaveLength(1);
    });
  });
}
