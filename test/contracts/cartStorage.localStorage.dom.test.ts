// Runs on happy-dom's window.localStorage. Tabs share it and pass changes on a channel delivered later, as a
// BroadcastChannel is; a full storage is one whose setItem throws QuotaExceededError, as browsers' does.
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorageCart, type CartChannel } from '../../src/adapters/cartStorage/localStorageCartStorage';
import { CART_STORAGE_KEY } from '../../src/adapters/cartStorage/cartStoragePort';
import { createLocalStorageDeliveryCep } from '../../src/adapters/deliveryCep/localStorageDeliveryCep';
import { localStorageOf } from '../../src/adapters/webStorage';
import { aCartItem } from '../support/builders';
import { testCartStoragePort } from './cartStorage.contract';

beforeEach(() => window.localStorage.clear());

function channelBus() {
  const handlers: Array<Set<(event: MessageEvent) => void>> = [];
  return (): CartChannel => {
    const mine = new Set<(event: MessageEvent) => void>();
    handlers.push(mine);
    return {
      postMessage(data: unknown) {
        const copy = structuredClone(data);
        for (const other of handlers)
          if (other !== mine) setTimeout(() => other.forEach((handler) => handler({ data: copy } as MessageEvent)));
      },
      addEventListener: ((_: string, handler: (event: MessageEvent) => void) =>
        mine.add(handler)) as CartChannel['addEventListener'],
      removeEventListener: ((_: string, handler: (event: MessageEvent) => void) =>
        mine.delete(handler)) as CartChannel['removeEventListener'],
    };
  };
}

testCartStoragePort('createLocalStorageCart (window.localStorage)', async (raw) => {
  if (raw !== null) window.localStorage.setItem(CART_STORAGE_KEY, raw);
  const logs: string[] = [];
  let failing = false;
  const storage = {
    getItem: (key: string) => window.localStorage.getItem(key),
    setItem(key: string, value: string) {
      if (failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      window.localStorage.setItem(key, value);
    },
    // Removing frees space: a full storage still allows it.
    removeItem: (key: string) => window.localStorage.removeItem(key),
  };
  const channel = channelBus();
  const tab = () => createLocalStorageCart({ storage, channel: channel(), log: (message) => logs.push(message) });
  return {
    storage: tab(),
    raw: () => window.localStorage.getItem(CART_STORAGE_KEY),
    otherTab: tab,
    failWrites(on) {
      failing = on;
    },
    logged: () => logs,
  };
});

describe('createLocalStorageCart when the browser refuses storage', () => {
  it('logs instead of throwing, and answers failed (quota exceeded, storage disabled)', async () => {
    const refusing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem() {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const logs: string[] = [];
    const storage = createLocalStorageCart({ storage: refusing, channel: null, log: (message) => logs.push(message) });
    await expect(storage.load()).resolves.toEqual([]);
    await expect(storage.save([aCartItem().build()])).resolves.toBe('failed');
    await expect(storage.clear()).resolves.toBe('failed');
    expect(logs).toHaveLength(3);
  });

  it('with no storage at all (window.localStorage itself throws) loads an empty cart and answers failed', async () => {
    const storage = createLocalStorageCart({ storage: null, channel: null, log: () => {} });
    await expect(storage.load()).resolves.toEqual([]);
    await expect(storage.save([aCartItem().build()])).resolves.toBe('failed');
  });
});

describe('localStorageOf: storage denied by a privacy setting', () => {
  const denied = {
    get localStorage(): Storage {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    },
  };

  it('answers null instead of throwing, and the storage itself where it is allowed', () => {
    expect(localStorageOf(denied)).toBeNull();
    expect(localStorageOf(window)).toBe(window.localStorage);
  });

  it('the cart and the saved CEP work without it: an in-memory cart, no CEP, nothing thrown', async () => {
    const cart = createLocalStorageCart({ storage: localStorageOf(denied), channel: null, log: () => {} });
    await expect(cart.load()).resolves.toEqual([]);
    await expect(cart.save([aCartItem().build()])).resolves.toBe('failed');
    const cep = createLocalStorageDeliveryCep({ storage: localStorageOf(denied), log: () => {} });
    expect(() => cep.save('01310100')).not.toThrow();
    expect(cep.load()).toBeNull();
  });
});
