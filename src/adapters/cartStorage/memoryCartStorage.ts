import type { CartItem } from '../../domain';
import type { CartStoragePort } from './cartStoragePort';
import { CART_STORAGE_KEY } from './cartStoragePort';
import { createLocalStorageCart, type CartChannel } from './localStorageCartStorage';
import { parseSavedCart, type CartLog } from './parseStoredCart';

export interface MemoryCartStorage extends CartStoragePort {
  /** The raw saved text (what localStorage would hold), or null when nothing is saved. */
  raw(): string | null;
  /** Another tab of the same browser: the same saved text, and changes pass between the two. */
  otherTab(): MemoryCartStorage;
  /** Another tab's change arrives as the merged cart `raw` (JSON text, or null for an empty cart). */
  simulateExternalChange(raw: string | null): void;
  /** From now on writes fail as in a full (or denied) storage, until called with false. */
  failWrites(failing: boolean): void;
}

interface SharedBrowser {
  saved: string | null;
  failing: boolean;
  channels: Set<MemoryChannel>;
}

type MemoryChannel = CartChannel & { deliver(data: unknown): void };

// A BroadcastChannel between the memory "tabs": delivered later (a microtask), never to the sender, as in a browser.
function memoryChannel(browser: SharedBrowser): MemoryChannel {
  const handlers = new Set<(event: MessageEvent) => void>();
  const channel: MemoryChannel = {
    postMessage(data: unknown) {
      const copy = structuredClone(data);
      for (const other of browser.channels) if (other !== channel) queueMicrotask(() => other.deliver(copy));
    },
    addEventListener: ((_: string, handler: (event: MessageEvent) => void) =>
      handlers.add(handler)) as CartChannel['addEventListener'],
    removeEventListener: ((_: string, handler: (event: MessageEvent) => void) =>
      handlers.delete(handler)) as CartChannel['removeEventListener'],
    deliver(data) {
      for (const handler of [...handlers]) handler({ data } as MessageEvent);
    },
  };
  browser.channels.add(channel);
  return channel;
}

function memoryTab(browser: SharedBrowser, log: CartLog): MemoryCartStorage {
  const storage = {
    getItem: (key: string) => (key === CART_STORAGE_KEY ? browser.saved : null),
    setItem(key: string, value: string) {
      if (browser.failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      if (key === CART_STORAGE_KEY) browser.saved = value;
    },
    removeItem(key: string) {
      if (key === CART_STORAGE_KEY) browser.saved = null;
    },
  };
  const port = createLocalStorageCart({ storage, channel: memoryChannel(browser), log });
  const listeners = new Set<(items: CartItem[]) => void>();
  return {
    ...port,
    onExternalChange(listener) {
      listeners.add(listener);
      const unsubscribe = port.onExternalChange(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
    raw: () => browser.saved,
    simulateExternalChange(raw) {
      browser.saved = raw;
      const items = parseSavedCart(raw, log);
      for (const listener of [...listeners]) listener(items);
    },
    otherTab: () => memoryTab(browser, log),
    failWrites(failing) {
      browser.failing = failing;
    },
  };
}

/**
 * In-memory CartStoragePort: the localStorage implementation over an in-memory store and channel, so it keeps
 * the saved cart as JSON text and parses and merges it by the same rules (`memoryCartStorage({ raw: '{oops' })`
 * loads as an empty cart).
 */
export function memoryCartStorage(
  options: { raw?: string | null; items?: readonly CartItem[]; log?: CartLog } = {},
): MemoryCartStorage {
  const saved = options.items ? JSON.stringify(options.items) : (options.raw ?? null);
  return memoryTab({ saved, failing: false, channels: new Set() }, options.log ?? (() => {}));
}
