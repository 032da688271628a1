// How the checkout guard and the orders actor follow auth, event by event: the mutation run (npm run
// test:mutation) showed that the machines' states alone do not tell a repeated or premature event apart.
// Expected events are written by hand here.
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
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
