import { CartItemStruct, type CartItem } from '../../domain';
import { CART_STORAGE_KEY, type CartSaveResult, type CartStoragePort } from './cartStoragePort';
import { consoleCartLog, parseSavedCart, type CartLog } from './parseStoredCart';
import { applyCartDelta, cartDelta, type CartDelta } from './merge';

/** How tabs of the shop tell each other their cart changes (a BroadcastChannel in the browser). */
export type CartChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

/** The BroadcastChannel the shop's tabs share, or null where there is none. */
export function browserCartChannel(): CartChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('club-cart');
}

const MESSAGE_TYPE = 'cart.delta';

function readDelta(data: unknown): CartDelta | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== MESSAGE_TYPE) return null;
  const delta = (data as { delta?: unknown }).delta;
  if (!Array.isArray(delta)) return null;
  const valid = delta.every(
    (change: { item?: unknown; quantity?: unknown }) =>
      typeof change === 'object' &&
      change !== null &&
      Number.isInteger(change.quantity) &&
      CartItemStruct.is(change.item),
  );
  return valid ? (delta as CartDelta) : null;
}

/**
 * CartStoragePort over window.localStorage under `cartProducts` (docs/requirements.md#data). Never throws: corrupt or invalid
 * data loads as an empty cart (valid lines survive), and a storage that refuses writes (quota, privacy
 * setting) or cannot be reached at all (`storage: null`) answers `failed`: the cart still works for this visit.
 *
 * Tabs: each save sends this tab's change (quantities per product, not the whole cart) on `channel`; the
 * other tabs apply it to their own cart and save the result. Two adds at the same moment in two tabs both
 * count, where last-writer-wins on `cartProducts` kept one. Without a channel (no BroadcastChannel) each tab
 * keeps its own cart for the visit.
 */
export function createLocalStorageCart({
  storage,
  channel = browserCartChannel(),
  log = consoleCartLog,
}: {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  channel?: CartChannel | null;
  log?: CartLog;
}): CartStoragePort {
  // This tab's cart as last loaded, saved or merged: what a change is measured against.
  let known: CartItem[] | null = null;
  const listeners = new Set<(items: CartItem[]) => void>();

  const attempt = (what: string, work: (store: NonNullable<typeof storage>) => void): CartSaveResult => {
    if (!storage) return 'failed';
    try {
      work(storage);
      return 'saved';
    } catch (error) {
      log(`Could not ${what} the saved cart.`, error);
      return 'failed';
    }
  };
  const write = (items: readonly CartItem[]) =>
    items.length > 0
      ? attempt('write', (store) => store.setItem(CART_STORAGE_KEY, JSON.stringify(items)))
      : attempt('clear', (store) => store.removeItem(CART_STORAGE_KEY));
  const publish = (items: readonly CartItem[]) => {
    const delta = cartDelta(known ?? [], items);
    known = [...items];
    if (delta.length > 0) channel?.postMessage({ type: MESSAGE_TYPE, delta });
  };

  channel?.addEventListener('message', (event: MessageEvent) => {
    const delta = readDelta(event.data);
    // Before the load this tab has no cart yet; the load reads what the other tab saved.
    if (!delta || known === null) return;
    known = applyCartDelta(known, delta);
    write(known);
    for (const listener of [...listeners]) listener(known);
  });

  return {
    async load() {
      let raw: string | null = null;
      attempt('read', (store) => (raw = store.getItem(CART_STORAGE_KEY)));
      known = parseSavedCart(raw, log);
      return known;
    },
    async save(items) {
      publish(items);
      return write(items);
    },
    async clear() {
      publish([]);
      return attempt('clear', (store) => store.removeItem(CART_STORAGE_KEY));
    },
    onExternalChange(listener: (items: CartItem[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
