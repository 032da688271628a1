import { describe, expect, it } from 'vitest';
import type { ProductSource, SearchProduct } from '../../server/adapters/search/searchSource';

/** Documents as the agreed model stores them: `products/{id}` and `categories/{id}` (only the fields read here matter). */
export interface SourceDocuments {
  products: Record<string, SearchProduct & { description?: string; position?: number; searchName?: string }>;
  categories: Record<string, { id: string; displayName: string }>;
}
export type MakeSource = (documents: SourceDocuments) => Promise<ProductSource>;

const sock = (n: number): SourceDocuments['products'][string] => ({
  id: `meia-${n}`,
  name: `Meia ${n}`,
  imageUrl: `/images/meia-${n}.svg`,
  price: 10 + n,
  categoryId: 'acessorios',
  description: 'Algodão.',
  position: n,
  searchName: `meia ${n}`,
});

/** The ProductSource contract: the Firestore and in-memory sources page through the same products alike. */
export function testProductSource(name: string, make: MakeSource) {
  describe(`ProductSource contract: ${name}`, () => {
    it('reads every product once, in pages of at most the size asked for, ordered by id, with the fields the index keeps', async () => {
      const ids = [3, 1, 5, 2, 4];
      const source = await make({
        products: Object.fromEntries(ids.map((n) => [`meia-${n}`, sock(n)])),
        categories: {},
      });
      const pages: SearchProduct[][] = [];
      for await (const page of source.pages(2)) pages.push(page);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual(
        [1, 2, 3, 4, 5].map((n) => ({
          id: `meia-${n}`,
          name: `Meia ${n}`,
          imageUrl: `/images/meia-${n}.svg`,
          price: 10 + n,
          categoryId: 'acessorios',
        })),
      );
    });

    it('an empty catalog is no page at all', async () => {
      const source = await make({ products: {}, categories: {} });
      const pages: SearchProduct[][] = [];
      for await (const page of source.pages(10)) pages.push(page);
      expect(pages).toEqual([]);
    });

    it('names each category by its id field', async () => {
      const source = await make({
        products: {},
        categories: {
          'doc-a': { id: 'tenis', displayName: 'Tênis' },
          'doc-b': { id: 'jaquetas', displayName: 'Jaquetas' },
        },
      });
      expect(Object.fromEntries(await source.categoryNames())).toEqual({ tenis: 'Tênis', jaquetas: 'Jaquetas' });
    });
  });
}
