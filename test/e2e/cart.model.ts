// Model-based end to end: one covering walk generated with @xstate/graph from the production cartMachine drives
// the real storefront in Chromium against the full local stack, and after every step the screen is compared
// with ReferenceCart (test/machines/model/referenceCart.ts) and texts written out here — header count, panel
// open or closed, the panel's lines, quantities and total, the empty text, focus inside the open panel, and
// the saved cart in localStorage. Nothing expected is read from the machine's context or from src/ui.
// Kept small enough for 2 cores: two products of the seeded catalogue (quantities up to 3 and 1), one saved cart
// and one other-tab cart besides the empty one, and one walk: every transition of the machine is taken on screen
// by the happy-dom walks (test/ui/cart.model.test.tsx); this walk shows the same checks hold in a real browser
// (focus, the modal dialog, localStorage, another tab's BroadcastChannel message).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { catalog } from '../../seed/seedCatalog';
import type { CartItem, Product } from '../../src/domain';
import { cartMachine } from '../../src/machines/cartMachine';
import { cartControlName, totalsKey, writtenCartButton } from '../machines/model/cartFixtures';
import { ReferenceCart } from '../machines/model/referenceCart';
import { cartPathName } from '../machines/model/cartPathName';
import { coveringWalks, walkName, type shortestPaths, type ModelPath } from '../machines/model/modelGraph';
import type { E2E, Shopper } from './support/e2e';
import { addWithKeyboard, cartButton, cartPanel, settled } from './support/storefront';

const jackets = catalog.find((c) => c.id === 'jackets')!;
/** Two products of one category page: a whole-real price (three of it pass R$ 1.000) and one with centavos. */
// Only the fields a cart line keeps (the product page's description never reaches the cart).
const catalogue: Product[] = ['jaqueta-couro-preta', 'jaqueta-jeans-azul'].map((id) => {
  const { name, imageUrl, price } = jackets.products.find((p) => p.id === id)!;
  return { id, name, imageUrl, price };
});
/** Up to 3 of the first (so + and − both run, and the thousands separator shows) and 1 of the second. */
const MAX_QUANTITY: Record<string, number> = { [catalogue[0]!.id]: 3, [catalogue[1]!.id]: 1 };
/** The totals the panel must show, written out by hand (seed prices: R$ 500,00 and R$ 329,90). */
const WRITTEN_TOTALS: Record<string, string> = {
  'jaqueta-couro-preta×1': 'R$ 500,00',
  'jaqueta-couro-preta×2': 'R$ 1.000,00',
  'jaqueta-couro-preta×3': 'R$ 1.500,00',
  'jaqueta-jeans-azul×1': 'R$ 329,90',
  'jaqueta-couro-preta×1 jaqueta-jeans-azul×1': 'R$ 829,90',
  'jaqueta-couro-preta×2 jaqueta-jeans-azul×1': 'R$ 1.329,90',
  'jaqueta-couro-preta×3 jaqueta-jeans-azul×1': 'R$ 1.829,90',
};
const EMPTY_CART_TEXT = 'Seu carrinho está vazio!';
const line = ({ id, name, imageUrl, price }: Product, quantity: number): CartItem => ({
  id,
  name,
  imageUrl,
  price,
  quantity,
});
const savedCarts: CartItem[][] = [[], [line(catalogue[1]!, 1)]];
const otherTabCarts: CartItem[][] = [[line(catalogue[0]!, 1)]];

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
    // In the browser the saved cart is restored before the page can be used: nothing else happens first
    // (the happy-dom model test, test/ui/cart.model.test.tsx, covers events while restoring).
    if (
      snapshot.matches({ storage: 'restoring' }) &&
      type !== 'xstate.done.actor.loadCart' &&
      type !== 'xstate.error.actor.loadCart'
    )
      return [];
    switch (type) {
      case 'xstate.done.actor.loadCart':
        return savedCarts.map((output) => ({ type, output }));
      // The localStorage adapter never rejects (corrupt data loads as an empty cart): no UI path leads here.
      case 'xstate.error.actor.loadCart':
        return [];
      // The panel is modal: the cards are out of reach while it is open.
      case 'cart.add':
        return open
          ? []
          : catalogue.filter((p) => quantity(p.id) < MAX_QUANTITY[p.id]!).map((product) => ({ type, product }));
      case 'cart.increase':
        return open
          ? present.filter((p) => quantity(p.id) < MAX_QUANTITY[p.id]!).map((p) => ({ type, productId: p.id }))
          : [];
      case 'cart.decrease':
      case 'cart.remove':
        return open ? present.map((p) => ({ type, productId: p.id })) : [];
      case 'cart.synced':
        return otherTabCarts
          .filter((next) => JSON.stringify(next) !== JSON.stringify(items))
          .map((next) => ({ type, items: next }));
      case 'cart.panel.open':
        return open ? [] : [{ type }];
      case 'cart.panel.close':
        // One way per state (both ways across the paths), which halves the paths: the button when the cart
        // holds an odd number of items, Escape otherwise.
        return [{ type, via: items.reduce((n, i) => n + i.quantity, 0) % 2 ? 'button' : 'escape' }];
      // Clearing belongs to the confirmation page (covered by the journey); a refusing storage to the fault suite.
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
// Walks that take every transition (coveringWalks in test/machines/model/modelGraph.ts) in up to 40 steps each (6
// walks, 235 steps); Chromium runs the first, which sends every kind of event the screen offers (the saved cart,
// add, open, +, −, remove, close both ways, another tab's change). The longer walks found the cart panel closing
// on a late `close` event (CartPanel.tsx).
export const cartPaths = coveringWalks(cartMachine, { ...cartModelOptions, maxSteps: 40 });
/** The walk Chromium takes. */
const chromiumWalks = cartPaths.slice(0, 1);

const categoryPath = `/category/${jackets.id}`;

async function writeSavedCart(page: Page, items: CartItem[] | null) {
  await page.evaluate(
    (raw) => {
      if (raw === null) window.localStorage.removeItem('cartProducts');
      else window.localStorage.setItem('cartProducts', raw);
    },
    items && items.length ? JSON.stringify(items) : null,
  );
}

async function runPath(
  env: () => E2E,
  shopper: Shopper,
  otherTab: Page,
  path: ModelPath<typeof cartMachine>,
  patience = 10_000,
) {
  const { page } = shopper;
  const ref = new ReferenceCart(catalogue);
  for (const [index, { event }] of path.steps.entries()) {
    const e = event as UiEvent;
    const at = `step ${index} (${e.type}${e.via ? `/${e.via}` : ''})`;
    const panel = cartPanel(page);
    const wasOpen = ref.panelOpen;
    switch (e.type) {
      case 'xstate.init':
        // A new visit: the page loads in the next step, with the saved cart of that step.
        break;
      case 'xstate.done.actor.loadCart':
        // Written from this tab's own renderer: a write from the other tab reaches a new document's storage
        // asynchronously, and the page could load the previous path's cart.
        if (!page.url().startsWith(new URL(categoryPath, env().storefront).origin))
          await page.goto(jackets.products[0]!.imageUrl);
        await writeSavedCart(page, e.output!);
        ref.startsWith(e.output!);
        await page.goto(categoryPath);
        await settled(page);
        ref.restore(e.output!);
        break;
      case 'cart.synced': {
        // Another tab of the same browser changes its cart to `items`: its change (quantities per product,
        // worked out here) arrives on the shop's BroadcastChannel, as a real tab's would.
        const current = ref.items();
        const next = e.items!;
        const delta = [
          ...next.map((item) => ({
            item,
            quantity: item.quantity - (current.find((c) => c.id === item.id)?.quantity ?? 0),
          })),
          ...current
            .filter((c) => !next.some((n) => n.id === c.id))
            .map((item) => ({ item, quantity: -item.quantity })),
        ].filter((change) => change.quantity !== 0);
        await otherTab.evaluate((message) => new BroadcastChannel('club-cart').postMessage(message), {
          type: 'cart.delta',
          delta,
        });
        ref.otherTabChanged(next);
        break;
      }
      case 'cart.add':
        await addWithKeyboard(page, e.product!.name);
        ref.add(e.product!.id);
        break;
      case 'cart.panel.open':
        await cartButton(page).press('Enter');
        await panel.waitFor();
        ref.panelOpen = true;
        break;
      case 'cart.panel.close':
        if (e.via === 'button') await panel.getByRole('button', { name: 'Fechar carrinho' }).press('Enter');
        else await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        ref.panelOpen = false;
        break;
      case 'cart.increase':
      case 'cart.decrease':
      case 'cart.remove': {
        const product = catalogue.find((p) => p.id === e.productId)!;
        const label = cartControlName(e.type, product.name);
        await panel.getByRole('button', { name: label }).press('Enter');
        if (e.type === 'cart.increase') ref.increase(product.id);
        if (e.type === 'cart.decrease') ref.decrease(product.id);
        if (e.type === 'cart.remove') ref.remove(product.id);
        break;
      }
      default:
        throw new Error(`no UI action for ${e.type}`);
    }
    if (e.type === 'xstate.init') continue;

    // What the shopper sees, against the reference: one read of the whole screen per poll (cheap on a busy machine).
    const justClosed = wasOpen && !ref.panelOpen;
    await expect
      .poll(() => readScreen(page), { timeout: patience, interval: 100, message: at })
      .toEqual(expectedScreen(ref, justClosed));
  }
}

interface Screen {
  cartButton: string | null;
  panelOpen: boolean;
  lines: Array<{ name: string; quantity: string }>;
  total: string | null;
  emptyText: boolean;
  focus: 'panel' | 'cart button' | 'elsewhere';
  saved: CartItem[] | null;
}

function expectedScreen(ref: ReferenceCart, justClosed: boolean): Screen {
  const items = ref.items();
  const open = ref.panelOpen;
  return {
    cartButton: writtenCartButton(ref.count()),
    panelOpen: open,
    lines: open ? items.map((i) => ({ name: i.name, quantity: String(i.quantity) })) : [],
    total:
      open && items.length
        ? `Total${
            WRITTEN_TOTALS[
              totalsKey(
                ref.quantities(),
                catalogue.map((p) => p.id),
              )
            ]
          }`
        : null,
    emptyText: open && items.length === 0,
    // Focus moves into the open panel and back to the cart button when it closes.
    focus: open ? 'panel' : justClosed ? 'cart button' : (expect.anything() as Screen['focus']),
    // Saved whenever non-empty, removed when emptied (docs/requirements.md#cart).
    saved: ref.stored,
  };
}

async function readScreen(page: Page): Promise<Screen> {
  const screen = await page.evaluate((emptyText) => {
    const button = document.querySelector('header button[aria-haspopup="dialog"]');
    const dialog = document.querySelector<HTMLDialogElement>('dialog[aria-labelledby="cart-panel-title"]');
    const open = !!dialog?.open;
    const active = document.activeElement;
    const raw = window.localStorage.getItem('cartProducts');
    return {
      cartButton: button?.getAttribute('aria-label') ?? null,
      panelOpen: open,
      lines: open
        ? [...dialog!.querySelectorAll('[data-testid="cart-line"]')].map((line) => ({
            name: line.querySelector('span')?.textContent ?? '',
            quantity: line.querySelector('[data-testid="cart-line-quantity"]')?.textContent ?? '',
          }))
        : [],
      total: open
        ? (dialog!.querySelector('[data-testid="cart-total"]')?.textContent?.replace(/\u00a0/g, ' ') ?? null)
        : null,
      emptyText: open && (dialog!.textContent ?? '').includes(emptyText),
      focus: (active && dialog?.contains(active)
        ? 'panel'
        : active === button
          ? 'cart button'
          : 'elsewhere') as Screen['focus'],
      saved: raw === null ? null : (JSON.parse(raw) as CartItem[]),
    };
  }, EMPTY_CART_TEXT);
  return screen;
}

/** Registers the Chromium walk. */
export function registerCartModel(env: () => E2E) {
  const paths = chromiumWalks.map(
    (path, index) =>
      [walkName(path, index, cartPaths.length, cartPathName({ steps: path.steps.slice(0, 2) })), path] as const,
  );
  const eventTypes = new Set(chromiumWalks.flatMap((path) => path.steps.map((step) => step.event.type)));
  describe(`cart, model-based in Chromium: the first of ${cartPaths.length} covering walks of the production cartMachine`, () => {
    it('the walk sends every kind of event the screen offers', () => {
      expect([...eventTypes].sort()).toEqual([
        'cart.add',
        'cart.decrease',
        'cart.increase',
        'cart.panel.close',
        'cart.panel.open',
        'cart.remove',
        'cart.synced',
        'xstate.done.actor.loadCart',
        'xstate.init',
      ]);
    });
    let shopper: Shopper | undefined;
    let otherTab: Page | undefined;
    it.each(paths)('%s', async (_name, path) => {
      if (!shopper) {
        // One browser context for all paths (each path starts from a fresh visit with its own saved cart);
        // a second tab on a same-origin image stands in for "another tab" that writes the cart.
        shopper = await env().newShopper({ reducedMotion: true });
        otherTab = await shopper.newTab();
        await otherTab.goto(jackets.products[0]!.imageUrl);
      }
      await runPath(env, shopper, otherTab!, path);
      expect(shopper.pageErrors).toEqual([]);
    });
    it('closes its browser context', async () => {
      await shopper?.close();
    });
  });
}

/**
 * Teeth: the same walk against a storefront broken on purpose inside the browser (an init script, so the build
 * stays the real one); it must fail.
 */
const SABOTAGES: Array<{ name: string; event: string; script: string }> = [
  {
    name: 'the cart is never saved',
    event: 'cart.add',
    script: `{ const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) { if (key !== 'cartProducts') set.call(this, key, value); }; }`,
  },
  {
    name: '+ fires twice',
    event: 'cart.increase',
    // Enter on the + button also clicks it once more, synchronously, before the browser's own activation.
    script: `document.addEventListener('keydown', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (event.key === 'Enter' && button && /^Aumentar quantidade/.test(button.getAttribute('aria-label') || '')) button.click();
    }, true);`,
  },
];

export function registerCartModelTeeth(env: () => E2E) {
  describe('cart, model-based in Chromium: teeth', () => {
    it.each(SABOTAGES.map((s) => [s.name, s] as const))(
      '%s: the paths that exercise it fail',
      async (name, sabotage) => {
        const picked = chromiumWalks.filter((path) => path.steps.some((step) => step.event.type === sabotage.event));
        expect(picked.length).toBe(chromiumWalks.length);
        const shopper = await env().newShopper({ reducedMotion: true });
        try {
          await shopper.context.addInitScript({ content: sabotage.script });
          const otherTab = await shopper.newTab();
          await otherTab.goto(jackets.products[0]!.imageUrl);
          let failed = 0;
          for (const path of picked) {
            // A short patience: these are expected to fail, and each failure waits it out.
            await runPath(env, shopper, otherTab, path, 1_500).catch(() => (failed += 1));
          }
          console.info(`e2e teeth: ${name}: ${failed}/${picked.length} paths failed (as they should)`);
          expect(failed).toBe(picked.length);
        } finally {
          await shopper.close();
        }
      },
      120_000,
    );
  });
}
