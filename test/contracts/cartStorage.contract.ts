import { describe, expect, it } from 'vitest';
import type { CartStoragePort } from '../../src/adapters/cartStorage/port';
import type { CartItem } from '../../src/domain';
import { aCartItem } from '../support/builders';

export interface CartStorageSetup {
  storage: CartStoragePort;
  /** The saved text under `cartProducts` (null when nothing is saved). */
  raw(): string | null;
  /** Another tab writes `raw` under `cartProducts` (null = removes it). */
  changeInAnotherTab(raw: string | null): void;
  /** Messages the adapter logged. */
  logged(): string[];
}
/** `raw` is what is already saved under `cartProducts` when the page loads. */
export type MakeCartStorage = (raw: string | null) => Promise<CartStorageSetup>;

/** The CartStoragePort contract: every implementation must pass it. */
export function testCartStoragePort(name: string, makeAdapter: MakeCartStorage) {
  describe(`CartStoragePort contract: ${name}`, () => {
    const items: CartItem[] = [aCartItem().withPrice(89.9).withQuantity(2).build(), aCartItem().build()];

    it('loads an empty cart when nothing is saved', async () => {
      const { storage, logged } = await makeAdapter(null);
      await expect(storage.load()).resolves.toEqual([]);
      expect(logged()).toEqual([]);
    });

    it('saves as a JSON array under cartProducts and loads it back', async () => {
      const { storage, raw } = await makeAdapter(null);
      await storage.save(items);
      expect(JSON.parse(raw() ?? 'null')).toEqual(items);
      await expect(storage.load()).resolves.toEqual(items);
    });

    it('loads what a previous visit saved', async () => {
      const { storage } = await makeAdapter(JSON.stringify(items));
      await expect(storage.load()).resolves.toEqual(items);
    });

    it('clears the saved cart', async () => {
      const { storage, raw } = await makeAdapter(JSON.stringify(items));
      await storage.clear();
      expect(raw()).toBeNull();
      await expect(storage.load()).resolves.toEqual([]);
    });

    it('loads corrupt JSON as an empty cart and logs it (never throws)', async () => {
      const { storage, logged } = await makeAdapter('[{"id": "p1", "name": ');
      await expect(storage.load()).resolves.toEqual([]);
      expect(logged().join('\n')).toMatch(/not valid JSON/);
    });

    it('loads a saved value that is not a list as an empty cart', async () => {
      const { storage, logged } = await makeAdapter('{"id":"p1"}');
      await expect(storage.load()).resolves.toEqual([]);
      expect(logged()).toHaveLength(1);
    });

    it('keeps the valid lines and drops (and logs) only the invalid ones', async () => {
      const bad = [{ ...items[0], quantity: 0 }, { id: 'x', name: 'Sem preço', imageUrl: '/i.svg' }, 'lixo'];
      const { storage, logged } = await makeAdapter(JSON.stringify([bad[0], items[1], bad[1], bad[2]]));
      await expect(storage.load()).resolves.toEqual([items[1]]);
      expect(logged()).toHaveLength(3);
    });

    it('tells listeners about another tab changing the cart, parsed the same way', async () => {
      const { storage, changeInAnotherTab } = await makeAdapter(null);
      const seen: CartItem[][] = [];
      const unsubscribe = storage.onExternalChange((next) => seen.push(next));
      changeInAnotherTab(JSON.stringify(items));
      changeInAnotherTab('{corrupt');
      changeInAnotherTab(null);
      unsubscribe();
      changeInAnotherTab(JSON.stringify(items));
      expect(seen).toEqual([items, [], []]);
    });
  });
}
