import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryOrders } from '../../src/adapters/orders/memory';
import { createOrdersActors, ordersMachine } from '../../src/machines/ordersMachine';

const doc = (id: string, uid: string, createdAt: number) => ({
  id,
  status: 'paid',
  uid,
  lineItems: [{ productId: 'p', name: 'Boné Branco', unitAmount: 5990, quantity: 1 }],
  amountTotal: 5990,
  currency: 'brl',
  createdAt,
  finishedAt: null,
  paymentMethod: 'card',
  pix: null,
  boleto: null,
});

function start(port = memoryOrders({ documents: { a: doc('a', 'ana', 1), b: doc('b', 'ana', 2), c: doc('c', 'bruno', 3) }, signedInAs: () => 'ana' })) {
  const logError = vi.fn();
  const actor = createActor(ordersMachine.provide({ actors: createOrdersActors({ orders: port }), actions: { logError: (_, p) => logError(p) } })).start();
  return { actor, port, logError };
}

describe('ordersMachine over memoryOrders', () => {
  it('waits in idle until told who is reading', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("loads the shopper's orders, newest first", async () => {
    const { actor } = start();
    actor.send({ type: 'orders.load', uid: 'ana' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('loaded'));
    expect(done.context.orders.map((o) => o.id)).toEqual(['b', 'a']);
  });

  it("for a session: that session's order only when it is the reader's", async () => {
    const { actor } = start();
    actor.send({ type: 'orders.load', uid: 'ana', sessionId: 'a' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.orders.map((o) => o.id)).toEqual(['a']);
    actor.send({ type: 'orders.load', uid: 'ana', sessionId: 'c' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.orders).toEqual([]);
  });

  it('a failed read: message, logged, and orders.retry reads again', async () => {
    const { actor, port, logError } = start();
    port.failReads(true);
    actor.send({ type: 'orders.load', uid: 'ana' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.errorMessage).toBe('Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.');
    expect(logError).toHaveBeenCalledTimes(1);
    port.failReads(false);
    actor.send({ type: 'orders.retry' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.orders).toHaveLength(2);
  });
});
