import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, createCartActors } from '../../src/machines/cartMachine';
import {
  selectCartCount,
  selectCartItems,
  selectCartTotal,
  selectIsCartUnsaved,
  selectIsPanelOpen,
} from '../../src/ui/selectors';
import type { CartItem } from '../../src/domain';
import { aCartItem, aProduct } from '../support/builders';
import { fakeCartStorage } from '../support/fakes/fakePorts';
import { codedError, tick } from '../support/fakes/controllable';

const jaqueta = aProduct().withId('jaqueta').withPrice(500).build();
const bone = aProduct().withId('bone').withPrice(89.9).build();

async function startCart(saved: CartItem[] | null = null) {
  const storage = fakeCartStorage(saved);
  const log = vi.fn();
  const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log }))).start();
  storage.answerLoad();
  await tick();
  return { actor, storage, log, items: () => selectCartItems(actor.getSnapshot()) };
}

describe('cartMachine', () => {
  it('restores the saved cart on start without saving it back', async () => {
    const saved = [aCartItem().of(jaqueta).withQuantity(2).build()];
    const { actor, storage, items } = await startCart(saved);
    expect(storage.load.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ storage: 'ready' })).toBe(true);
    expect(items()).toEqual(saved);
    expect(storage.calls).toEqual([]);
  });

  it('starts empty and logs when the saved cart cannot be loaded', async () => {
    const storage = fakeCartStorage();
    const log = vi.fn();
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log }))).start();
    storage.load.latest().reject(codedError('storage/unavailable'));
    await tick();
    expect(actor.getSnapshot().matches({ storage: 'ready' })).toBe(true);
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    expect(log).toHaveBeenCalledWith(
      '[cart] loadCart failed',
      expect.objectContaining({ code: 'storage/unavailable' }),
    );
  });

  it('adds a new product with quantity 1, and +1 when it is already there; saves each time', async () => {
    const { actor, storage, items } = await startCart();
    actor.send({ type: 'cart.add', product: jaqueta });
    expect(items()).toEqual([{ ...jaqueta, quantity: 1 }]);
    actor.send({ type: 'cart.add', product: bone });
    actor.send({ type: 'cart.add', product: jaqueta });
    expect(items()).toEqual([
      { ...jaqueta, quantity: 2 },
      { ...bone, quantity: 1 },
    ]);
    expect(selectCartCount(actor.getSnapshot())).toBe(3);
    expect(selectCartTotal(actor.getSnapshot())).toBe(1089.9);
    expect(storage.calls.map((c) => c.method)).toEqual(['save', 'save', 'save']);
    expect(storage.saved()).toEqual(items());
  });

  it('increases by 1 and decreases by 1; a line reaching 0 is removed', async () => {
    const { actor, storage, items } = await startCart([aCartItem().of(jaqueta).build(), aCartItem().of(bone).build()]);
    actor.send({ type: 'cart.increase', productId: 'bone' });
    expect(items().find((i) => i.id === 'bone')?.quantity).toBe(2);
    actor.send({ type: 'cart.decrease', productId: 'bone' });
    expect(items().find((i) => i.id === 'bone')?.quantity).toBe(1);
    actor.send({ type: 'cart.decrease', productId: 'jaqueta' });
    expect(items().map((i) => i.id)).toEqual(['bone']);
    expect(storage.saved()).toEqual(items());
  });

  it('removes a line whatever its quantity', async () => {
    const { actor, storage, items } = await startCart([
      aCartItem().of(jaqueta).withQuantity(5).build(),
      aCartItem().of(bone).build(),
    ]);
    actor.send({ type: 'cart.remove', productId: 'jaqueta' });
    expect(items().map((i) => i.id)).toEqual(['bone']);
    expect(storage.saved()?.map((i) => i.id)).toEqual(['bone']);
  });

  it('clears storage when the cart is emptied, by a remove or by the last decrease', async () => {
    const { actor, storage, items } = await startCart([aCartItem().of(jaqueta).build()]);
    actor.send({ type: 'cart.decrease', productId: 'jaqueta' });
    expect(items()).toEqual([]);
    expect(storage.calls).toEqual([{ method: 'clear' }]);
    expect(storage.saved()).toBeNull();

    actor.send({ type: 'cart.add', product: bone });
    actor.send({ type: 'cart.remove', productId: 'bone' });
    expect(items()).toEqual([]);
    expect(storage.calls.at(-1)).toEqual({ method: 'clear' });
    expect(storage.saved()).toBeNull();
  });

  it('adopts a cart another tab saved, without saving it back', async () => {
    const { actor, storage, items } = await startCart([aCartItem().of(jaqueta).build()]);
    const theirs = [aCartItem().of(bone).withQuantity(3).build()];
    storage.otherTabWrites(theirs);
    expect(items()).toEqual(theirs);
    expect(selectCartCount(actor.getSnapshot())).toBe(3);
    expect(storage.calls).toEqual([]);
  });

  it('keeps the clicks made while restoring and applies them, in order, to the restored cart', async () => {
    const storage = fakeCartStorage([aCartItem().of(jaqueta).withQuantity(2).build()]);
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log: vi.fn() }))).start();
    actor.send({ type: 'cart.add', product: bone });
    actor.send({ type: 'cart.add', product: jaqueta });
    actor.send({ type: 'cart.decrease', productId: 'bone' });
    expect(storage.calls).toEqual([]);
    storage.answerLoad();
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([{ ...jaqueta, quantity: 3 }]);
    expect(storage.calls.map((c) => c.method)).toEqual(['save', 'save', 'save']);
    expect(storage.saved()).toEqual([{ ...jaqueta, quantity: 3 }]);
  });

  it('a confirmed payment clears the cart once, after the restore: items added later stay', async () => {
    const storage = fakeCartStorage([aCartItem().of(jaqueta).build()]);
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log: vi.fn() }))).start();
    actor.send({ type: 'cart.paymentConfirmed' });
    storage.answerLoad();
    await tick();
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    expect(storage.saved()).toBeNull();
    actor.send({ type: 'cart.add', product: bone });
    actor.send({ type: 'cart.paymentConfirmed' });
    expect(selectCartItems(actor.getSnapshot())).toEqual([{ ...bone, quantity: 1 }]);
    expect(storage.saved()).toEqual([{ ...bone, quantity: 1 }]);
  });

  it('opens and closes the panel', async () => {
    const { actor } = await startCart();
    const open = () => selectIsPanelOpen(actor.getSnapshot());
    expect(open()).toBe(false);
    actor.send({ type: 'cart.panel.open' });
    expect(open()).toBe(true);
    actor.send({ type: 'cart.panel.open' });
    expect(open()).toBe(true);
    actor.send({ type: 'cart.panel.close' });
    expect(open()).toBe(false);
    actor.send({ type: 'cart.panel.close' });
    expect(open()).toBe(false);
  });

  it('keeps the cart in memory when storage refuses the save, says so, and ends that when a later save works', async () => {
    const { actor, storage, items } = await startCart();
    const unsaved = () => selectIsCartUnsaved(actor.getSnapshot());
    storage.failWrites(true);
    actor.send({ type: 'cart.add', product: jaqueta });
    actor.send({ type: 'cart.add', product: bone });
    actor.send({ type: 'cart.add', product: bone });
    await tick();
    expect(unsaved()).toBe(true);
    expect(items().map((i) => [i.id, i.quantity])).toEqual([
      ['jaqueta', 1],
      ['bone', 2],
    ]);
    // Every change tried again: three saves, each with the whole cart so far.
    expect(storage.calls.map((c) => (c.method === 'save' ? c.items.reduce((n, i) => n + i.quantity, 0) : 0))).toEqual([
      1, 2, 3,
    ]);
    expect(storage.saved()).toBeNull();

    storage.failWrites(false);
    actor.send({ type: 'cart.decrease', productId: 'bone' });
    await tick();
    expect(unsaved()).toBe(false);
    expect(storage.saved()?.map((i) => [i.id, i.quantity])).toEqual([
      ['jaqueta', 1],
      ['bone', 1],
    ]);
  });

  it('a failed clear (the last line removed) also leaves the cart unsaved', async () => {
    const { actor, storage } = await startCart([aCartItem().of(jaqueta).build()]);
    storage.failWrites(true);
    actor.send({ type: 'cart.remove', productId: 'jaqueta' });
    await tick();
    expect(selectIsCartUnsaved(actor.getSnapshot())).toBe(true);
    expect(storage.calls).toEqual([{ method: 'clear' }]);
  });

  it('logs a failed save instead of crashing', async () => {
    const storage = fakeCartStorage();
    const log = vi.fn();
    storage.port.save = () => Promise.reject(codedError('storage/quota'));
    const actor = createActor(cartMachine.provide(createCartActors({ storage: storage.port, log }))).start();
    storage.answerLoad();
    await tick();
    actor.send({ type: 'cart.add', product: jaqueta });
    await tick();
    expect(log).toHaveBeenCalledWith('[cart] save failed', expect.objectContaining({ code: 'storage/quota' }));
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('stops listening to other tabs when stopped', async () => {
    const { actor, storage } = await startCart();
    expect(storage.listenerCount()).toBe(1);
    actor.stop();
    expect(storage.listenerCount()).toBe(0);
  });
});
