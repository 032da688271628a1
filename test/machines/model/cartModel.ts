import { expect } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { cartCount, cartTotal, type CartItem, type Product } from '../../../src/domain';
import {
  cartMachine,
  createCartImplementations,
  selectCartCount,
  selectCartItems,
  selectCartTotal,
  selectIsPanelOpen,
} from '../../../src/machines/cartMachine';
import { fakeCartStorage, type FakeCartStorage } from '../../support/fakes/ports';
import { codedError, tick } from '../../support/fakes/controllable';
import { recordTransitions, shortestPaths, type ModelPath } from './graph';

import { catalogue, line, MAX_EXPLORED_QUANTITY, otherTabCarts, savedCarts } from './cartFixtures';
export { catalogue } from './cartFixtures';

export const cartPaths = shortestPaths(cartMachine, {
  variants: (type, snapshot) => {
    const items = snapshot.context.items;
    const quantity = (id: string) => items.find((i) => i.id === id)?.quantity ?? 0;
    const present = catalogue.filter((p) => quantity(p.id) > 0);
    switch (type) {
      case 'xstate.done.actor.loadCart':
        return savedCarts.map((output) => ({ type, output }));
      case 'xstate.error.actor.loadCart':
        return [{ type, error: codedError('storage/unavailable') }];
      case 'cart.add':
        return catalogue.filter((p) => quantity(p.id) < MAX_EXPLORED_QUANTITY).map((product) => ({ type, product }));
      case 'cart.increase':
        return present.filter((p) => quantity(p.id) < MAX_EXPLORED_QUANTITY).map((p) => ({ type, productId: p.id }));
      case 'cart.decrease':
      case 'cart.remove':
        return present.map((p) => ({ type, productId: p.id }));
      case 'cart.synced':
        return otherTabCarts.map((items) => ({ type, items }));
      default:
        return undefined;
    }
  },
});

export { cartPathName } from './cartPathName';

/** The shopper's cart as this test understands SPEC §4, written without the domain's cart functions. */
class ReferenceCart {
  lines: Array<{ id: string; quantity: number }> = [];
  panelOpen = false;
  set(items: CartItem[]) {
    this.lines = items.map(({ id, quantity }) => ({ id, quantity }));
  }
  add(id: string) {
    const existing = this.lines.find((l) => l.id === id);
    if (existing) existing.quantity += 1;
    else this.lines.push({ id, quantity: 1 });
  }
  increase(id: string) {
    const existing = this.lines.find((l) => l.id === id);
    if (existing) existing.quantity += 1;
  }
  decrease(id: string) {
    const existing = this.lines.find((l) => l.id === id);
    if (!existing) return;
    existing.quantity -= 1;
    if (existing.quantity === 0) this.remove(id);
  }
  remove(id: string) {
    this.lines = this.lines.filter((l) => l.id !== id);
  }
  items(): CartItem[] {
    return this.lines.map((l) => line(l.id, l.quantity));
  }
}

export type CartWiring = (storage: FakeCartStorage) => Parameters<typeof cartMachine.provide>[0];
export const productionCartWiring: CartWiring = (storage) => createCartImplementations({ storage: storage.port, log: () => {} });

/**
 * Drives a real cart actor (the production machine with the production implementations over a fake storage)
 * along one model path, and after every step checks what the shopper and the storage would see.
 */
export async function runCartPath(path: ModelPath<typeof cartMachine>, wiring: CartWiring = productionCartWiring) {
  const storage = fakeCartStorage();
  const actor = createActor(cartMachine.provide(wiring(storage)), { inspect: recordTransitions(cartMachine.id) });
  const ref = new ReferenceCart();
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const callsBefore = storage.calls.length;
      let changesCart = false;
      const e = event as EventObject & { product?: Product; productId?: string; output?: CartItem[]; items?: CartItem[] };
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          break;
        case 'xstate.done.actor.loadCart':
          storage.setSaved(e.output!.length ? e.output! : null);
          storage.answerLoad();
          ref.set(e.output!);
          await tick();
          break;
        case 'xstate.error.actor.loadCart':
          storage.load.latest().reject((e as { error?: unknown }).error);
          await tick();
          break;
        case 'cart.synced':
          storage.otherTabWrites(e.items!);
          ref.set(e.items!);
          break;
        default:
          actor.send(event as never);
          changesCart = e.type.startsWith('cart.') && !e.type.startsWith('cart.panel.');
          if (e.type === 'cart.add') ref.add(e.product!.id);
          if (e.type === 'cart.increase') ref.increase(e.productId!);
          if (e.type === 'cart.decrease') ref.decrease(e.productId!);
          if (e.type === 'cart.remove') ref.remove(e.productId!);
          if (e.type === 'cart.clear') ref.lines = [];
          if (e.type === 'cart.panel.toggle') ref.panelOpen = !ref.panelOpen;
          if (e.type === 'cart.panel.open') ref.panelOpen = true;
          if (e.type === 'cart.panel.close') ref.panelOpen = false;
      }
      const at = `step ${index} (${e.type})`;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);

      // What the shopper sees: lines, header count, total, panel.
      const expectedItems = ref.items();
      expect(selectCartItems(snapshot), at).toEqual(expectedItems);
      expect(selectCartCount(snapshot), at).toBe(cartCount(expectedItems));
      expect(selectCartTotal(snapshot), at).toBe(cartTotal(expectedItems));
      expect(selectIsPanelOpen(snapshot), at).toBe(ref.panelOpen);

      // What storage holds, and how it got there: one write per change, none otherwise.
      expect(storage.saved() ?? [], at).toEqual(expectedItems);
      const newCalls = storage.calls.slice(callsBefore);
      if (changesCart) {
        expect(newCalls, at).toEqual([expectedItems.length ? { method: 'save', items: expectedItems } : { method: 'clear' }]);
      } else {
        expect(newCalls, at).toEqual([]);
      }
      expect(storage.load.calls.length, at).toBe(1);
      expect(storage.listenerCount(), at).toBe(1);
    }
  } finally {
    actor.stop();
  }
}
