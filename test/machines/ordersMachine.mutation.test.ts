// ordersMachine behaviour the mutation run (npm run test:mutation) showed untested. Events in; state and logged
// errors out, written here by hand.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ordersMachine } from '../../src/machines/ordersMachine';

describe('ordersMachine without its actor provided (mutation run)', () => {
  it('logs "loadOrders not provided" as the failure of loadOrders', async () => {
    const logError = vi.fn();
    const actor = createActor(ordersMachine.provide({ actions: { logError: (_, params) => logError(params) } })).start();
    actor.send({ type: 'orders.load', uid: 'ana' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError).toHaveBeenCalledWith({ error: new Error('loadOrders not provided'), during: 'loadOrders' });
  });
});
