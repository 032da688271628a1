import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import type { OrdersPort } from '../../src/adapters/orders/ordersPort';
import { createOrdersActors, ordersMachine } from '../../src/machines/ordersMachine';
import { fakeShopper } from './support/fakeShopper';

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

// Auth stays unknown unless a test moves it: these tests send orders.load themselves.
function startWith(port: OrdersPort) {
  const actor = createActor(
    ordersMachine.provide({
      actors: createOrdersActors({ orders: port, auth: fakeShopper() }),
      actions: { logError: () => {} },
    }),
  ).start();
  return { actor };
}

function start(
  port = memoryOrders({
    documents: { a: doc('a', 'ana', 1), b: doc('b', 'ana', 2), c: doc('c', 'bruno', 3) },
    signedInAs: () => 'ana',
  }),
) {
  const logError = vi.fn();
  const actor = createActor(
    ordersMachine.provide({
      actors: createOrdersActors({ orders: port, auth: fakeShopper() }),
      actions: { logError: (_, p) => logError(p) },
    }),
  ).start();
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
    expect(failed.context.errorMessage).toBe(
      'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.',
    );
    expect(logError).toHaveBeenCalledTimes(1);
    port.failReads(false);
    actor.send({ type: 'orders.retry' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.orders).toHaveLength(2);
  });

  it('starts with no orders and no message', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.orders).toEqual([]);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('logs a failed read with the error and what was being done', async () => {
    const { actor, port, logError } = start();
    port.failReads(true);
    actor.send({ type: 'orders.load', uid: 'ana' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(logError).toHaveBeenCalledWith({ error: expect.any(Error), during: 'loadOrders' });
  });
});

describe('the orders actor follows the auth actor itself', () => {
  function following(sessionId: string | null = null) {
    const auth = fakeShopper('unknown');
    const port = memoryOrders({
      documents: { a: doc('a', 'ana', 1), b: doc('b', 'ana', 2), c: doc('c', 'bruno', 3) },
      signedInAs: () => auth.getSnapshot().context.authUser?.uid ?? null,
    });
    const actor = createActor(
      ordersMachine.provide({ actors: createOrdersActors({ orders: port, auth }), actions: { logError: () => {} } }),
      {
        input: { sessionId },
      },
    ).start();
    return { actor, auth };
  }
  const ids = (actor: ReturnType<typeof following>['actor']) => actor.getSnapshot().context.orders.map((o) => o.id);

  it("waits in idle while auth is unknown, then reads the signed-in shopper's orders", async () => {
    const { actor, auth } = following();
    expect(actor.getSnapshot().value).toBe('idle');
    auth.set('ana');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(ids(actor)).toEqual(['b', 'a']);
  });

  it('reads again for the next shopper, and empties on sign-out', async () => {
    const { actor, auth } = following();
    auth.set('ana');
    await waitFor(actor, (s) => s.matches('loaded'));
    auth.set('bruno');
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(ids(actor)).toEqual(['c']);
    auth.set(null);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.orders).toEqual([]);
  });

  it("the confirmation page's actor reads its session's order for the shopper, once per change of uid", async () => {
    const { actor, auth } = following('a');
    auth.set('ana');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(ids(actor)).toEqual(['a']);
    // The same shopper again (a profile refresh) is no new read.
    auth.set('ana');
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('stops listening when the actor stops', () => {
    const { actor, auth } = following();
    expect(auth.listeners()).toBe(1);
    actor.stop();
    expect(auth.listeners()).toBe(0);
  });
});

describe('ordersMachine over a port that answers too much', () => {
  it("never shows another shopper's order for a session, even if the port hands it over (rules misconfigured)", async () => {
    const leaky: OrdersPort = {
      listMine: async () => [],
      getForConfirmation: async (sessionId) => ({
        id: sessionId,
        status: 'paid',
        uid: 'bruno',
        items: [{ productId: 'p', name: 'Boné Branco', unitAmount: 5990, quantity: 1 }],
        amountTotal: 5990,
        createdAt: 1,
        paymentMethod: 'card',
        pix: null,
        boleto: null,
        delivery: null,
        fulfilment: null,
      }),
    };
    const { actor } = startWith(leaky);
    actor.send({ type: 'orders.load', uid: 'ana', sessionId: 'c' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.orders).toEqual([]);
  });
});
