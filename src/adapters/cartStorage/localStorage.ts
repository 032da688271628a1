import type { CartItem } from '../../domain';
import { CART_STORAGE_KEY, type CartStoragePort } from './port';
import { consoleCartLog, parseSavedCart, type CartLog } from './parse';

/**
 * CartStoragePort over window.localStorage under `cartProducts` (SPEC §3). Never throws: corrupt or invalid
 * data loads as an empty cart (valid lines survive), and a storage that refuses writes (quota, privacy
 * mode) is logged — the cart still works for this visit. Other tabs' changes arrive through `storage` events.
 */
export function createLocalStorageCart({
  storage,
  window: win,
  log = consoleCartLog,
}: {
  storage: Storage;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  log?: CartLog;
}): CartStoragePort {
  const attempt = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      log(`Could not ${what} the saved cart.`, error);
    }
  };
  return {
    async load() {
      let raw: string | null = null;
      attempt('read', () => (raw = storage.getItem(CART_STORAGE_KEY)));
      return parseSavedCart(raw, log);
    },
    async save(items) {
      attempt('write', () => storage.setItem(CART_STORAGE_KEY, JSON.stringify(items)));
    },
    async clear() {
      attempt('clear', () => storage.removeItem(CART_STORAGE_KEY));
    },
    onExternalChange(listener: (items: CartItem[]) => void) {
      const onStorage = (event: StorageEvent) => {
        // key null = the other tab called localStorage.clear().
        if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
        if (event.storageArea && event.storageArea !== storage) return;
        listener(parseSavedCart(event.key === null ? null : event.newValue, log));
      };
      win.addEventListener('storage', onStorage as EventListener);
      return () => win.removeEventListener('storage', onStorage as EventListener);
    },
  };
}
