// How the checkout guard and the orders actor follow auth, event by event: the mutation run (npm run
// test:mutation) showed that the machines' states alone do not tell a repeated or premature event apart.
// Expected events are written by hand here.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import type { OrdersPort } from '../../src/adapters/orders/ordersPort';
import type { Order } from '../../src/domain/order';
import { checkoutGuardMachine, createCheckoutGuardActors } from '../../src/machines/checkoutGuardMachine';
import { createOrdersActors, ordersMachine } from '../../src/machines/ordersMachine';
import { fakeAuth } from './model/checkoutGuardModel';
import { fakeShopper } from './support/fakeShopper';

/** The types of the events the actor's own followers send it (prefix: the machine's event namespace). */
const eventsSent = (prefix: string) => {
  const types: string[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && event.event.type.startsWith(prefix)) types.push(event.event.type);
  };
  return { types, inspect };
};

describe('the checkout guard following auth', () => {
  it('sends one event per change of the answer, none for the same answer again', () => {
    const auth = fakeAuth('signedIn');
    const { types, inspect } = eventsSent('guard.');
    createActor(
      checkoutGuardMachine.provide({
        actors: createCheckoutGuardActors({ auth }),
        actions: { navigateToLogin: () => {} },
      }),
      { inspect },
    ).start();
    auth.set('signedIn');
    auth.set('signedOut');
    auth.set('signedOut');
    auth.set('signedIn');
    expect(types).toEqual(['guard.loggedIn', 'guard.loggedOut', 'guard.loggedIn']);
  });
});

describe('the orders actor following the shopper', () => {
  it('sends nothing while auth is unknown, then one event per change of uid', () => {
    const auth = fakeShopper('unknown');
    const { types, inspect } = eventsSent('orders.');
    createActor(
      ordersMachine.provide({
        actors: createOrdersActors({ orders: memoryOrders({ documents: {}, signedInAs: () => 'ana' }), auth }),
        actions: { logError: () => {} },
      }),
      { inspect },
    ).start();
    expect(types).toEqual([]);
    auth.set('unknown');
    expect(types).toEqual([]);
    auth.set('ana');
    auth.set('ana');
    auth.set(null);
    expect(types).toEqual(['orders.load', 'orders.signedOut']);
  });
});

describe('the orders actor when a read fails or never answers', () => {
  const order = { id: 'a', status: 'paid', uid: 'ana', items: [], total: 10, createdAt: 1 } as unknown as Order;
  const failed = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';

  function startOver(listMine: OrdersPort['listMine']) {
    const clock = new SimulatedClock();
    const logError = vi.fn();
    const orders = { listMine, getForConfirmation: async () => null } as unknown as OrdersPort;
    const actor = createActor(
      ordersMachine.provide({
        actors: createOrdersActors({ orders, auth: fakeShopper() }),
        actions: { logError: (_, params) => logError(params) },
      }),
      { clock },
    ).start();
    return { actor, clock, logError };
  }

  it('a read with no answer in 8 s fails: the orders shown before are dropped and the timeout is logged', async () => {
    let calls = 0;
    const { actor, clock, logError } = startOver(() =>
      calls++ === 0 ? Promise.resolve([order]) : new Promise(() => {}),
    );
    actor.send({ type: 'orders.load', uid: 'ana' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'orders.load', uid: 'ana' });
    clock.increment(7_999);
    expect(actor.getSnapshot().value).toBe('loading');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.orders).toEqual([]);
    expect(actor.getSnapshot().context.errorMessage).toBe(failed);
    expect(logError).toHaveBeenCalledWith({ error: new Error('no answer in 8000 ms'), during: 'loadOrders' });
  });

  it('a read that fails drops the orders shown before', async () => {
    let calls = 0;
    const { actor } = startOver(() =>
      calls++ === 0 ? Promise.resolve([order]) : Promise.reject(new Error('offline')),
    );
    actor.send({ type: 'orders.load', uid: 'ana' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'orders.load', uid: 'ana' });
    const failedState = await waitFor(actor, (s) => s.matches('failed'));
    expect(failedState.context.orders).toEqual([]);
    expect(failedState.context.errorMessage).toBe(failed);
  });
});
