import { expect } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { CartItem, Product } from '../../../src/domain';
import { cartMachine, createCartActors } from '../../../src/machines/cartMachine';
import {
  selectCartCount,
  selectCartItems,
  selectCartTotal,
  selectIsCartUnsaved,
  selectIsPanelOpen,
} from '../../../src/ui/selectors';
import { fakeCartStorage, type FakeCartStorage } from '../../support/fakes/fakePorts';
import { codedError, tick } from '../../support/fakes/controllable';
import { coveringWalks, type shortestPaths, type ModelPath, type TransitionRecorder } from './modelGraph';

import {
  catalogue,
  MAX_EXPLORED_QUANTITY,
  MAX_QUEUED_WHILE_RESTORING,
  otherTabCarts,
  savedCarts,
  stockAnswers,
} from './cartFixtures';
import { ReferenceCart } from './referenceCart';
export { catalogue } from './cartFixtures';

/** The change events a shopper (or another tab, or the confirmation page) can send; they wait while restoring. */
const CHANGE_TYPES = new Set([
  'cart.add',
  'cart.increase',
  'cart.decrease',
  'cart.remove',
  'cart.synced',
  'cart.paymentConfirmed',
  'cart.stock.check',
  'cart.stock.known',
]);

export const cartModelOptions: Parameters<typeof shortestPaths<typeof cartMachine>>[1] = {
  variants: (type, snapshot) => {
    const items = snapshot.context.items;
    const quantity = (id: string) => items.find((i) => i.id === id)?.quantity ?? 0;
    const restoring = snapshot.matches({ storage: 'restoring' });
    const stockUnread = Object.keys(snapshot.context.stock).length === 0;
    // While restoring, every change may be sent (and waits); the line is kept short so the paths stay finite.
    if (restoring && CHANGE_TYPES.has(type)) {
      if (snapshot.context.queued.length >= MAX_QUEUED_WHILE_RESTORING) return [];
      if (type === 'cart.add') return catalogue.map((product) => ({ type, product }));
      if (type === 'cart.increase' || type === 'cart.decrease' || type === 'cart.remove')
        return catalogue.map((p) => ({ type, productId: p.id }));
    }
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
      // The stock is read at most once per path, from a closed panel (the caps themselves are the domain and unit
      // tests' job): every stock transition is taken without multiplying the cart's states.
      case 'cart.stock.check':
        return stockUnread && !snapshot.matches({ panel: 'open' }) ? [{ type }] : [];
      case 'cart.stock.known':
        return stockUnread && !snapshot.matches({ panel: 'open' }) && (restoring || quantity('jaqueta') === 2)
          ? stockAnswers.map((units) => ({ type, units }))
          : [];
      // The browser starts refusing writes (the step sends the machine the answer of the refused save) or
      // accepts them again.
      case 'cart.saveFailed':
      case 'cart.saved':
        return [{ type }];
      default:
        return undefined;
    }
  },
};
// Walks that take every transition (coveringWalks in ./graph): 1,221 shortest paths of 8,263 steps → about 2,900 steps.
export const cartPaths = coveringWalks(cartMachine, { ...cartModelOptions, maxSteps: 100 });

export { cartPathName } from './cartPathName';
export { ReferenceCart } from './referenceCart';

export type CartWiring = (storage: FakeCartStorage) => Parameters<typeof cartMachine.provide>[0];
export const productionCartWiring: CartWiring = (storage) => createCartActors({ storage: storage.port, log: () => {} });

/**
 * Drives a real cart actor (the production machine with the production implementations over a fake storage)
 * along one model path, and after every step checks what the shopper and the storage would see.
 */
export async function runCartPath(
  path: ModelPath<typeof cartMachine>,
  wiring: CartWiring = productionCartWiring,
  recorder?: TransitionRecorder,
) {
  const storage = fakeCartStorage();
  // The stock reads the cart asks for (the stock actor's job in production), recorded whatever the wiring.
  const stockReads: string[][] = [];
  const provided = wiring(storage);
  const actor = createActor(
    cartMachine.provide({
      ...provided,
      actions: {
        ...provided.actions,
        readStock: (_: unknown, params: { productIds: string[] }) => void stockReads.push(params.productIds),
      },
    }),
    { inspect: recorder?.inspect },
  );
  const ref = new ReferenceCart(catalogue);
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & {
        product?: Product;
        productId?: string;
        output?: CartItem[];
        items?: CartItem[];
        units?: Record<string, number | null>;
      };
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          break;
        case 'xstate.done.actor.loadCart':
          // Storage held this cart when the page started, unless another tab has written since (then the load
          // read the older cart, and storage keeps the other tab's).
          if (!ref.otherTabWroteFirst()) {
            storage.setSaved(e.output!.length ? e.output! : null);
            ref.startsWith(e.output!);
          }
          storage.load.latest().resolve(structuredClone(e.output!));
          ref.restore(e.output!);
          await tick();
          break;
        case 'xstate.error.actor.loadCart':
          storage.load.latest().reject((e as { error?: unknown }).error);
          ref.restore(null);
          await tick();
          break;
        case 'cart.synced':
          storage.otherTabWrites(e.items!);
          ref.otherTabSaved(e.items!);
          break;
        case 'cart.saveFailed':
        case 'cart.saved':
          storage.failWrites(e.type === 'cart.saveFailed');
          ref.storageRefuses = e.type === 'cart.saveFailed';
          ref.unsaved = ref.storageRefuses;
          actor.send(event as never);
          break;
        default:
          actor.send(event as never);
          if (e.type === 'cart.add') ref.add(e.product!.id);
          if (e.type === 'cart.increase') ref.increase(e.productId!);
          if (e.type === 'cart.decrease') ref.decrease(e.productId!);
          if (e.type === 'cart.remove') ref.remove(e.productId!);
          if (e.type === 'cart.paymentConfirmed') ref.paymentConfirmed();
          if (e.type === 'cart.stock.check') ref.checkStock();
          if (e.type === 'cart.stock.known') ref.stockKnown(e.units!);
          if (e.type === 'cart.panel.open') ref.openPanel();
          if (e.type === 'cart.panel.close') ref.panelOpen = false;
          // A change's save answers (saved or refused) before the next step.
          if (CHANGE_TYPES.has(e.type)) await tick();
      }
      const at = `step ${index} (${e.type})`;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(snapshot.matches({ storage: 'restoring' }), at).toBe(ref.isRestoring());

      // What the shopper sees: lines, header count, total, panel. Counts and totals are summed here.
      const expectedItems = ref.items();
      expect(selectCartItems(snapshot), at).toEqual(expectedItems);
      expect(selectCartCount(snapshot), at).toBe(ref.count());
      // The total leaves a sold-out line out.
      expect(Math.round(selectCartTotal(snapshot) * 100), at).toBe(
        expectedItems
          .filter((i) => !ref.soldOut(i.id))
          .reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0),
      );
      expect(stockReads, at).toEqual(ref.stockReads);
      expect(selectIsPanelOpen(snapshot), at).toBe(ref.panelOpen);
      expect(selectIsCartUnsaved(snapshot), at).toBe(ref.unsaved);

      // What storage holds, and how it got there: one write per change, none otherwise.
      expect(storage.saved(), at).toEqual(ref.stored);
      expect(storage.calls, at).toEqual(ref.writes);
      expect(storage.load.calls.length, at).toBe(1);
      expect(storage.listenerCount(), at).toBe(1);
    }
  } finally {
    actor.stop();
  }
}
