// cartMachine behaviour the mutation run (npm run test:mutation) showed untested, at the level of events in and
// cart lines, state and storage calls out, so the tests hold across a refactor of the machine's internals.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../src/domain';
import { cartMachine, createCartImplementations, selectCartItems } from '../../src/machines/cartMachine';
import { fakeCartStorage } from '../support/fakes/ports';
import { codedError, tick } from '../support/fakes/controllable';

const jaqueta: CartItem = { id: 'jaqueta', name: 'Jaqueta Jeans', imageUrl: '/images/jaqueta.webp', price: 500, quantity: 1 };

describe('cartMachine (mutation run)', () => {
  it('logs a failed clear of the saved cart instead of crashing', async () => {
    const storage = fakeCartStorage([jaqueta]);
    const log = vi.fn();
    storage.port.clear = () => Promise.reject(codedError('storage/unavailable'));
    const actor = createActor(cartMachine.provide(createCartImplementations({ storage: storage.port, log }))).start();
    storage.answerLoad();
    await tick();
    actor.send({ type: 'cart.remove', productId: 'jaqueta' });
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    expect(log).toHaveBeenCalledWith('[cart] clear failed', expect.objectContaining({ code: 'storage/unavailable' }));
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('cartMachine without its storage provided', () => {
  it('starts with an empty cart and takes changes', async () => {
    const actor = createActor(cartMachine).start();
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'cart.add', product: jaqueta });
    expect(selectCartItems(actor.getSnapshot())).toEqual([jaqueta]);
  });
});
