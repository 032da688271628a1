import type { CartItem } from '../../domain';
import type { CartStoragePort } from './port';
import { parseSavedCart, type CartLog } from './parse';

export interface MemoryCartStorage extends CartStoragePort {
  /** The raw saved text (what localStorage would hold), or null when nothing is saved. */
  raw(): string | null;
  /** Simulates another tab writing `raw` (JSON text, or null for removal) to the saved cart. */
  simulateExternalChange(raw: string | null): void;
}

/**
 * In-memory CartStoragePort. It keeps the saved cart as JSON text, exactly like localStorage, and parses it
 * with the same rules, so `memoryCartStorage({ raw: '{oops' })` loads as an empty cart.
 */
export function memoryCartStorage(options: { raw?: string | null; items?: readonly CartItem[]; log?: CartLog } = {}): MemoryCartStorage {
  let saved: string | null = options.items ? JSON.stringify(options.items) : (options.raw ?? null);
  const log = options.log ?? (() => {});
  const listeners = new Set<(items: CartItem[]) => void>();
  return {
    async load() {
      return parseSavedCart(saved, log);
    },
    async save(items) {
      saved = JSON.stringify(items);
    },
    async clear() {
      saved = null;
    },
    onExternalChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    raw: () => saved,
    simulateExternalChange(raw) {
      saved = raw;
      const items = parseSavedCart(raw, log);
      for (const listener of [...listeners]) listener(items);
    },
  };
}
