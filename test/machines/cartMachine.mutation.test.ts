// cartMachine behaviour the mutation run (npm run test:mutation) showed untested, at the level of events in and
// cart lines, state and storage calls out, so the tests hold across a refactor of the machine's internals.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../src/domain';
import { CART_UNSAVED_MESSAGE, cartMachine, createCartActors } from '../../src/machines/cartMachine';
import { selectCartItems } from '../../src/ui/selectors';
import { fakeCartStorage } from '../support/fakes/fakePorts';
import { codedError, tick } from '../support/fakes/controllable';

const jaqueta: CartItem = {
  id: 'jaqueta',
  name: 'Jaqueta Jeans',
  imageUrl: '/images/jaqueta.webp',
  price: 500,
  quantity: 1,
};

describe('cartMachine (mutation run)', () => {
  it('logs a failed clear of the saved cart instead of crashing', async () => {
    const storage = fakeCartStorage([jaqueta]);
    const log = vi.fn();
    storage.port.clear = () => Promise.reject(codedError('storage/unavailable'));
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log }))).start();
    storage.answerLoad();
    await tick();
    actor.send({ type: 'cart.remove', productId: 'jaqueta' });
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    expect(log).toHaveBeenCalledWith('[cart] clear failed', expect.objectContaining({ code: 'storage/unavailable' }));
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a change queued while restoring is applied once, and the queue is empty afterwards', async () => {
    const storage = fakeCartStorage([jaqueta]);
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log: vi.fn() }))).start();
    actor.send({ type: 'cart.increase', productId: 'jaqueta' });
    storage.answerLoad();
    await tick();
    expect(actor.getSnapshot().context).toEqual({
      items: [{ ...jaqueta, quantity: 2 }],
      queued: [],
      paymentConfirmed: false,
      stock: {},
    });
    actor.send({ type: 'cart.increase', productId: 'jaqueta' });
    expect(actor.getSnapshot().context).toEqual({
      items: [{ ...jaqueta, quantity: 3 }],
      queued: [],
      paymentConfirmed: false,
      stock: {},
    });
  });
});

describe('cartMachine (mutation run): a saved cart that cannot be read', () => {
  it('a product added while the load was pending is still added, and saved, once the load fails', async () => {
    const storage = fakeCartStorage();
    const log = vi.fn();
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log }))).start();
    actor.send({ type: 'cart.add', product: jaqueta });
    storage.load.latest().reject(codedError('storage/unavailable'));
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([jaqueta]);
    expect(storage.calls).toEqual([{ method: 'save', items: [jaqueta] }]);
    expect(log).toHaveBeenCalledWith(
      '[cart] loadCart failed',
      expect.objectContaining({ code: 'storage/unavailable' }),
    );
  });
});

describe('cartMachine (mutation run): what the shopper is told, and the machine on its own', () => {
  it('tells the shopper, in Portuguese, that the cart is kept only while this tab is open', () => {
    expect(CART_UNSAVED_MESSAGE).toBe(
      'Não conseguimos salvar seu carrinho neste navegador; ele ficará salvo enquanto esta aba estiver aberta.',
    );
  });

  it('without a storage provided, it restores an empty cart and takes changes', async () => {
    const actor = createActor(cartMachine).start();
    await tick();
    expect(actor.getSnapshot().value).toEqual({ storage: 'ready', panel: 'closed', saving: 'saved' });
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'cart.synced', items: [jaqueta] });
    expect(selectCartItems(actor.getSnapshot())).toEqual([jaqueta]);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('a save answered after the cart was stopped is not sent to it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const storage = fakeCartStorage();
      const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log: vi.fn() }))).start();
      storage.answerLoad();
      await tick();
      actor.send({ type: 'cart.add', product: jaqueta });
      actor.stop();
      await tick();
      expect(storage.calls).toEqual([{ method: 'save', items: [jaqueta] }]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
