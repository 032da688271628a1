import { describe, expect, it } from 'vitest';
import type { CartStoragePort } from '../../src/adapters/cartStorage/cartStoragePort';
import type { CartItem } from '../../src/domain';
import { aCartItem } from '../support/builders';

export interface CartStorageSetup {
  storage: CartStoragePort;
  /** The saved text under `cartProducts` (null when nothing is saved). */
  raw(): string | null;
  /** The same port in another tab of the same browser (same saved cart, changes pass between them). */
  otherTab(): CartStoragePort;
  /** From now on the browser refuses writes (a full storage), until called with false. */
  failWrites(failing: boolean): void;
  /** Messages the adapter logged. */
  logged(): string[];
}

/** Lets changes between tabs arrive (they are delivered asynchronously, as in a browser). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const count = (cart: readonly CartItem[]) => cart.reduce((n, i) => n + i.quantity, 0);
const quantities = (cart: readonly CartItem[]) => Object.fromEntries(cart.map((i) => [i.id, i.quantity]));
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

    it("answers 'saved' when the write reached storage and 'failed' when a full storage refused it", async () => {
      const { storage, raw, failWrites, logged } = await makeAdapter(null);
      await storage.load();
      await expect(storage.save(items)).resolves.toBe('saved');
      failWrites(true);
      const more = [...items, aCartItem({ id: 'extra' }).build()];
      await expect(storage.save(more)).resolves.toBe('failed');
      // Storage keeps the last cart it accepted; the refusal is logged.
      expect(JSON.parse(raw() ?? 'null')).toEqual(items);
      expect(logged()).toHaveLength(1);
      failWrites(false);
      await expect(storage.save(more)).resolves.toBe('saved');
      expect(JSON.parse(raw() ?? 'null')).toEqual(more);
    });

    it('keeps adds made at the same moment in two tabs: both tabs and storage end with every item', async () => {
      const { storage, otherTab, raw } = await makeAdapter(null);
      const other = otherTab();
      const product = aCartItem({ id: 'mesmo', price: 10 }).build();
      let here: CartItem[] = await storage.load();
      let there: CartItem[] = await other.load();
      storage.onExternalChange((next) => (here = next));
      other.onExternalChange((next) => (there = next));
      const addOne = (cart: CartItem[], id: string) => {
        const line = cart.find((i) => i.id === id);
        return line
          ? cart.map((i) => (i.id === id ? { ...i, quantity: i.quantity + 1 } : i))
          : [...cart, { ...product, id, quantity: 1 }];
      };
      for (let round = 0; round < 10; round++) {
        // Both tabs add before either hears of the other's add; even rounds add the same product in both.
        here = addOne(here, 'mesmo');
        there = addOne(there, round % 2 === 0 ? 'mesmo' : `outro-${round}`);
        await Promise.all([storage.save(here), other.save(there)]);
        await settle();
      }
      expect(count(here)).toBe(20);
      expect(quantities(there)).toEqual(quantities(here));
      expect(quantities(JSON.parse(raw() ?? '[]') as CartItem[])).toEqual(quantities(here));
      expect(quantities(here)).toEqual({
        mesmo: 15,
        ...Object.fromEntries([1, 3, 5, 7, 9].map((r) => [`outro-${r}`, 1])),
      });
    });

    it('a line removed in one tab goes from the other too, and is not brought back by a later change there', async () => {
      const { storage, otherTab, raw } = await makeAdapter(JSON.stringify(items));
      const other = otherTab();
      let here = await storage.load();
      let there = await other.load();
      storage.onExternalChange((next) => (here = next));
      other.onExternalChange((next) => (there = next));
      there = there.filter((i) => i.id !== items[0]!.id);
      await other.save(there);
      await settle();
      expect(here).toEqual([items[1]]);
      here = [{ ...items[1]!, quantity: items[1]!.quantity + 1 }];
      await storage.save(here);
      await settle();
      expect(there).toEqual(here);
      expect(JSON.parse(raw() ?? 'null')).toEqual(here);
    });

    it('an emptied cart in one tab empties the other', async () => {
      const { storage, otherTab, raw } = await makeAdapter(JSON.stringify(items));
      const other = otherTab();
      await other.load();
      let here = await storage.load();
      storage.onExternalChange((next) => (here = next));
      await other.clear();
      await settle();
      expect(here).toEqual([]);
      expect(raw()).toBeNull();
    });

    it('stops telling a listener after unsubscribe', async () => {
      const { storage, otherTab } = await makeAdapter(null);
      const other = otherTab();
      await Promise.all([storage.load(), other.load()]);
      const seen: CartItem[][] = [];
      const unsubscribe = storage.onExternalChange((next) => seen.push(next));
      await other.save([items[0]!]);
      await settle();
      unsubscribe();
      await other.save(items);
      await settle();
      expect(seen).toEqual([[items[0]]]);
    });
  });
}
