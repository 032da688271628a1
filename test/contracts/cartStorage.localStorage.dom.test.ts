// Runs on happy-dom's window.localStorage; another tab's write arrives as a `storage` event, as in a browser.
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorageCart } from '../../src/adapters/cartStorage/localStorage';
import { CART_STORAGE_KEY } from '../../src/adapters/cartStorage/port';
import { testCartStoragePort } from './cartStorage.contract';

beforeEach(() => window.localStorage.clear());

testCartStoragePort('createLocalStorageCart (window.localStorage)', async (raw) => {
  if (raw !== null) window.localStorage.setItem(CART_STORAGE_KEY, raw);
  const logs: string[] = [];
  const storage = createLocalStorageCart({ storage: window.localStorage, window, log: (message) => logs.push(message) });
  return {
    storage,
    raw: () => window.localStorage.getItem(CART_STORAGE_KEY),
    changeInAnotherTab(next) {
      const oldValue = window.localStorage.getItem(CART_STORAGE_KEY);
      // The other tab's write lands in the shared storage; this tab only gets the event.
      if (next === null) window.localStorage.removeItem(CART_STORAGE_KEY);
      else window.localStorage.setItem(CART_STORAGE_KEY, next);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, oldValue, newValue: next, storageArea: window.localStorage }));
    },
    logged: () => logs,
  };
});

describe('createLocalStorageCart when the browser refuses storage', () => {
  it('logs instead of throwing (quota exceeded, storage disabled)', async () => {
    const refusing = {
      getItem() { throw new DOMException('denied', 'SecurityError'); },
      setItem() { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem() { throw new DOMException('denied', 'SecurityError'); },
    } as unknown as Storage;
    const logs: string[] = [];
    const storage = createLocalStorageCart({ storage: refusing, window, log: (message) => logs.push(message) });
    await expect(storage.load()).resolves.toEqual([]);
    await expect(storage.save([])).resolves.toBeUndefined();
    await expect(storage.clear()).resolves.toBeUndefined();
    expect(logs).toHaveLength(3);
  });
});
