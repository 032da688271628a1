// Model-based test of the storefront's cart on happy-dom: paths generated from the production cartMachine
// (restricted to what a shopper can do on screen in each state) drive the real components, and after every
// step the screen is compared with the model: header count, panel open or closed, lines, quantities, total,
// and the saved cart.
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { memoryCartStorage, type MemoryCartStorage } from '../../src/adapters/cartStorage/memory';
import { memoryCatalog } from '../../src/adapters/catalog/memory';
import { cartTotal, formatBRL, type CartItem, type Product } from '../../src/domain';
import { cartMachine } from '../../src/machines/cartMachine';
import { aCategory } from '../support/builders';
import { controllable } from '../support/fakes/controllable';
import { cartControlName, catalogue, MAX_EXPLORED_QUANTITY, otherTabCarts, savedCarts } from '../machines/model/cartFixtures';
import { cartPathName } from '../machines/model/cartPathName';
import { shortestPaths, type ModelPath } from '../machines/model/graph';
import { cartButtonLabel } from '../../src/ui/components/Header';
import { renderApp, settled } from './support/renderApp';


type UiEvent = EventObject & { product?: Product; productId?: string; output?: CartItem[]; items?: CartItem[]; via?: string };

const paths = shortestPaths(cartMachine, {
  variants: (type, snapshot) => {
    const items = snapshot.context.items;
    const open = snapshot.matches({ panel: 'open' });
    const quantity = (id: string) => items.find((i) => i.id === id)?.quantity ?? 0;
    const present = catalogue.filter((p) => quantity(p.id) > 0);
    switch (type) {
      case 'xstate.done.actor.loadCart':
        return savedCarts.map((output) => ({ type, output }));
      case 'xstate.error.actor.loadCart':
        return [{ type, error: { code: 'storage/unavailable' } }];
      // The panel is a modal dialog: the cards are out of reach while it is open.
      case 'cart.add':
        return open ? [] : catalogue.filter((p) => quantity(p.id) < MAX_EXPLORED_QUANTITY).map((product) => ({ type, product }));
      // Quantity controls live in the panel (the checkout page has the same component).
      case 'cart.increase':
        return open ? present.filter((p) => quantity(p.id) < MAX_EXPLORED_QUANTITY).map((p) => ({ type, productId: p.id })) : [];
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
      // Not reachable from these screens: the header button only opens; clear belongs to the confirmation page.
      case 'cart.panel.toggle':
      case 'cart.clear':
        return [];
      default:
        return undefined;
    }
  },
});


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
  const category = aCategory({ id: 'mix', name: 'mix', displayName: 'Mix', imageUrl: '/images/mix.svg' }).withProducts(catalogue).build();
  let app: ReturnType<typeof renderApp> | undefined;
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as UiEvent;
      const at = `step ${index} (${e.type}${e.via ? `/${e.via}` : ''})`;
      const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
      switch (e.type) {
        case 'xstate.init':
          app = renderApp({ path: '/category/mix', catalog: memoryCatalog([category]), cartStorage: storage, userEventDelay: null });
          await settled();
          break;
        case 'xstate.done.actor.loadCart':
          if (e.output!.length) await inner.save(e.output!);
          await act(async () => load.latest().resolve(e.output!));
          break;
        case 'xstate.error.actor.loadCart':
          await act(async () => load.latest().reject((e as { error?: unknown }).error));
          break;
        case 'cart.synced':
          await act(async () => inner.simulateExternalChange(JSON.stringify(e.items)));
          break;
        case 'cart.add':
          await app!.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${e.product!.name}` }));
          break;
        case 'cart.panel.open':
          await app!.user.click(screen.getByRole('button', { name: /^Carrinho \(/ }));
          break;
        case 'cart.panel.close':
          if (e.via === 'button') await app!.user.click(within(dialog()).getByRole('button', { name: 'Fechar carrinho' }));
          else await act(async () => void dialog().dispatchEvent(new Event('cancel', { cancelable: true })));
          break;
        case 'cart.increase':
        case 'cart.decrease':
        case 'cart.remove': {
          const product = catalogue.find((p) => p.id === e.productId)!;
          const label = cartControlName(e.type, product.name);
          await app!.user.click(within(dialog()).getByRole('button', { name: label }));
          break;
        }
        default:
          throw new Error(`no UI action for ${e.type}`);
      }

      // The real actor is where the model says it is.
      const snapshot = app!.services.cart.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);

      // What the shopper sees.
      const items = expected.context.items as CartItem[];
      const count = items.reduce((sum, item) => sum + item.quantity, 0);
      expect(screen.getByRole('button', { name: cartButtonLabel(count) }), at).toBeTruthy();
      const open = expected.matches({ panel: 'open' });
      expect(dialog().open, at).toBe(open);
      if (open) {
        const panel = dialog();
        if (items.length === 0) {
          expect(within(panel).getByText('Seu carrinho está vazio!'), at).toBeTruthy();
        } else {
          const lines = within(panel).getAllByTestId('cart-line');
          expect(
            lines.map((l) => [l.textContent?.includes(items[lines.indexOf(l)]!.name), within(l).getByTestId('cart-line-quantity').textContent]),
            at,
          ).toEqual(items.map((i) => [true, String(i.quantity)]));
          expect(within(panel).getByTestId('cart-total').textContent, at).toBe(`Total${formatBRL(cartTotal(items))}`);
        }
        expect(panel.contains(document.activeElement), at).toBe(true);
      }
      // The saved cart follows every change once restored (a failed restore keeps what storage had).
      if (e.type !== 'xstate.init' && !snapshot.matches({ storage: 'restoring' }) && e.type !== 'xstate.error.actor.loadCart')
        expect(savedItems(storage), at).toEqual(items);
    }
  } finally {
    cleanup();
    app?.services.stop();
  }
}

describe(`cart UI, model-based: ${paths.length} paths from the production cartMachine`, () => {
  it.each(paths.map((path) => [cartPathName(path), path] as const))('%s', async (_name, path) => {
    await runPath(path);
  });
});
