// Model-based test of the storefront's cart on happy-dom: paths generated from the production cartMachine
// (restricted to what a shopper can do on screen in each state) drive the real components, and after every
// step the screen is compared with ReferenceCart (test/machines/model/referenceCart.ts) and with texts written
// out here: header count, panel open or closed, lines, quantities, total, the empty text, and the saved cart.
// Nothing on the expected side comes from the machine's context or from src/ui.
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { memoryCartStorage, type MemoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { CartItem, Product } from '../../src/domain';
import { cartMachine } from '../../src/machines/cartMachine';
import { aCategory } from '../support/builders';
import { controllable } from '../support/fakes/controllable';
import {
  cartControlName,
  catalogue,
  MAX_QUEUED_WHILE_RESTORING,
  otherTabCarts,
  savedCarts,
  totalsKey,
  writtenCartButton,
  WRITTEN_TOTALS,
} from '../machines/model/cartFixtures';
import { cartPathName } from '../machines/model/cartPathName';
import { coveringWalks, walkName, type shortestPaths, type ModelPath } from '../machines/model/modelGraph';
import { ReferenceCart } from '../machines/model/referenceCart';
import { renderApp, settled } from './support/renderApp';

/** Up to 3 jackets (the thousands separator: "R$ 1.500,00") and 2 caps: 12 carts instead of 16 keeps the run short. */
const MAX_QUANTITY: Record<string, number> = { jaqueta: 3, bone: 2 };
const EMPTY_CART_TEXT = 'Seu carrinho está vazio!';

type UiEvent = EventObject & {
  product?: Product;
  productId?: string;
  output?: CartItem[];
  items?: CartItem[];
  via?: string;
};

export const cartModelOptions: Parameters<typeof shortestPaths<typeof cartMachine>>[1] = {
  variants: (type, snapshot) => {
    const items = snapshot.context.items;
    const open = snapshot.matches({ panel: 'open' });
    const quantity = (id: string) => items.find((i) => i.id === id)?.quantity ?? 0;
    const present = catalogue.filter((p) => quantity(p.id) > 0);
    // While restoring, a click waits in line (one per path keeps the paths finite).
    const restoring = snapshot.matches({ storage: 'restoring' });
    if (
      restoring &&
      (type === 'cart.add' || type === 'cart.synced') &&
      snapshot.context.queued.length >= MAX_QUEUED_WHILE_RESTORING
    )
      return [];
    switch (type) {
      case 'xstate.done.actor.loadCart':
        return savedCarts.map((output) => ({ type, output }));
      case 'xstate.error.actor.loadCart':
        return [{ type, error: { code: 'storage/unavailable' } }];
      // The panel is a modal dialog: the cards are out of reach while it is open.
      case 'cart.add':
        return open
          ? []
          : catalogue.filter((p) => quantity(p.id) < MAX_QUANTITY[p.id]!).map((product) => ({ type, product }));
      // Quantity controls live in the panel (the checkout page has the same component).
      case 'cart.increase':
        return open
          ? present.filter((p) => quantity(p.id) < MAX_QUANTITY[p.id]!).map((p) => ({ type, productId: p.id }))
          : [];
      case 'cart.decrease':
      case 'cart.remove':
        return open ? present.map((p) => ({ type, productId: p.id })) : [];
      case 'cart.synced':
        return otherTabCarts.map((next) => ({ type, items: next }));
      case 'cart.panel.open':
        return open ? [] : [{ type }];
      case 'cart.panel.close':
        return [
          { type, via: 'button' },
          { type, via: 'escape' },
        ];
      // Not reachable from these screens: clearing belongs to the confirmation page
      // (test/ui/checkout-and-confirmation.test.tsx); a refusing storage has its own tests (test/ui/cartStorage.test.tsx).
      // The stock's answers come from the stock actor, not a control (test/ui/stock.test.tsx).
      case 'cart.paymentConfirmed':
      case 'cart.saveFailed':
      case 'cart.saved':
      case 'cart.stock.check':
      case 'cart.stock.known':
        return [];
      default:
        return undefined;
    }
  },
};
// Walks that take every transition (coveringWalks in test/machines/model/modelGraph.ts): one render per walk instead
// of one per transition (231 shortest paths, 1,293 steps → about 700 steps).
const paths = coveringWalks(cartMachine, { ...cartModelOptions, maxSteps: 60 });

/** A saved cart whose first load waits for the path to say how it ends. */
function gatedStorage() {
  const inner = memoryCartStorage();
  const load = controllable<[], CartItem[]>('load');
  const storage: MemoryCartStorage = { ...inner, load: load.fn };
  return { storage, load, inner };
}

function savedItems(storage: MemoryCartStorage): CartItem[] {
  const raw = storage.raw();
  return raw === null ? [] : (JSON.parse(raw) as CartItem[]);
}

async function runPath(path: ModelPath<typeof cartMachine>) {
  const { storage, load, inner } = gatedStorage();
  const category = aCategory({ id: 'mix', name: 'mix', displayName: 'Mix', imageUrl: '/images/mix.svg' })
    .withProducts(catalogue)
    .build();
  const ref = new ReferenceCart(catalogue);
  let app: ReturnType<typeof renderApp> | undefined;
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as UiEvent;
      const at = `step ${index} (${e.type}${e.via ? `/${e.via}` : ''})`;
      const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
      switch (e.type) {
        case 'xstate.init':
          app = renderApp({
            path: '/category/mix',
            catalog: memoryCatalog([category]),
            cartStorage: storage,
            userEventDelay: null,
          });
          await settled();
          break;
        case 'xstate.done.actor.loadCart':
          // Storage held this cart when the page started, unless another tab wrote since (the load read the older one).
          if (!ref.otherTabWroteFirst()) {
            if (e.output!.length) await inner.save(e.output!);
            ref.startsWith(e.output!);
          }
          await act(async () => load.latest().resolve(e.output!));
          ref.restore(e.output!);
          break;
        case 'xstate.error.actor.loadCart':
          await act(async () => load.latest().reject((e as { error?: unknown }).error));
          ref.restore(null);
          break;
        case 'cart.synced':
          await act(async () => inner.simulateExternalChange(JSON.stringify(e.items)));
          ref.otherTabSaved(e.items!);
          break;
        case 'cart.add':
          await app!.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${e.product!.name}` }));
          ref.add(e.product!.id);
          break;
        case 'cart.panel.open':
          await app!.user.click(screen.getByRole('button', { name: /^Carrinho \(/ }));
          ref.panelOpen = true;
          break;
        case 'cart.panel.close':
          if (e.via === 'button')
            await app!.user.click(within(dialog()).getByRole('button', { name: 'Fechar carrinho' }));
          else await act(async () => void dialog().dispatchEvent(new Event('cancel', { cancelable: true })));
          ref.panelOpen = false;
          break;
        case 'cart.increase':
        case 'cart.decrease':
        case 'cart.remove': {
          const product = catalogue.find((p) => p.id === e.productId)!;
          await app!.user.click(within(dialog()).getByRole('button', { name: cartControlName(e.type, product.name) }));
          if (e.type === 'cart.increase') ref.increase(product.id);
          if (e.type === 'cart.decrease') ref.decrease(product.id);
          if (e.type === 'cart.remove') ref.remove(product.id);
          break;
        }
        default:
          throw new Error(`no UI action for ${e.type}`);
      }

      // The real actor is where the model says it is (the state only: what it holds is checked on screen).
      expect(app!.services.cart.getSnapshot().value, at).toEqual(expected.value);

      // What the shopper sees, against the reference cart and texts written out here.
      const items = ref.items();
      expect(screen.getByRole('button', { name: writtenCartButton(ref.count()) }), at).toBeTruthy();
      expect(dialog().open, at).toBe(ref.panelOpen);
      if (ref.panelOpen) {
        const panel = dialog();
        if (items.length === 0) {
          expect(within(panel).getByText(EMPTY_CART_TEXT), at).toBeTruthy();
          expect(within(panel).queryAllByTestId('cart-line'), at).toEqual([]);
        } else {
          expect(within(panel).queryByText(EMPTY_CART_TEXT), at).toBeNull();
          const lines = within(panel).getAllByTestId('cart-line');
          expect(
            lines.map((l) => [
              l.querySelector('span')?.textContent,
              within(l).getByTestId('cart-line-quantity').textContent,
            ]),
            at,
          ).toEqual(items.map((i) => [i.name, String(i.quantity)]));
          const total = within(panel)
            .getByTestId('cart-total')
            .textContent?.replace(/\u00a0/g, ' ');
          expect(total, at).toBe(`Total${WRITTEN_TOTALS[totalsKey(ref.quantities())]}`);
        }
        expect(panel.contains(document.activeElement), at).toBe(true);
      }
      // What storage holds: the restored cart, then every change (none while restoring; another tab's writes).
      expect(savedItems(storage), at).toEqual(ref.stored ?? []);
    }
  } finally {
    cleanup();
    app?.services.stop();
  }
}

describe(`cart UI, model-based: ${paths.length} walks taking every transition of the production cartMachine`, () => {
  it.each(
    paths.map(
      (path, index) =>
        [walkName(path, index, paths.length, cartPathName({ steps: path.steps.slice(0, 3) })), path] as const,
    ),
  )('%s', async (_name, path) => {
    await runPath(path);
  });
});
