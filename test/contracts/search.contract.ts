import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../src/domain';
import { MAX_SEARCH_RESULTS, SearchAbortedError, type SearchPort } from '../../src/adapters/search/searchPort';

const product = (id: string, name: string, price: number): Product => ({
  id,
  name,
  imageUrl: `/images/${id}.svg`,
  price,
});
const category = (id: string, displayName: string, products: Product[]): Category => ({
  id,
  name: id,
  displayName,
  imageUrl: `/images/${id}.svg`,
  products,
});

/** Sixty socks: more than one answer may carry. */
const SOCKS = Array.from({ length: 60 }, (_, n) =>
  product(`meia-${String(n).padStart(2, '0')}`, `Meia Listrada ${n}`, 19.9),
);

/** The catalog every implementation searches (the http one is fed the same products through its backend). */
export const SEARCH_CATALOG: Category[] = [
  category('jaquetas', 'Jaquetas', [
    product('jaqueta-couro', 'Jaqueta de Couro Preta', 499.9),
    product('blazer-bege', 'Blazer Bege', 259),
  ]),
  category('tenis', 'Tênis', [
    product('tenis-branco', 'Tênis Casual Branco', 199.9),
    product('tenis-azul', 'Tênis Esportivo Azul', 249.5),
  ]),
  category('camisas', 'Camisas', [
    product('camisa-xadrez', 'Camisa Xadrez Vermelha', 89.9),
    product('camisa-lisa', 'Camisa Lisa Branca', 59),
  ]),
  category('acessorios', 'Acessórios', SOCKS),
];

export type MakeSearch = (categories: Category[]) => Promise<SearchPort>;

const names = (products: Product[]) => products.map((p) => p.name);

/** The SearchPort contract: the local index and the backend's answer the same questions the same way. */
export function testSearchPort(name: string, make: MakeSearch) {
  describe(`SearchPort contract: ${name}`, () => {
    const port = () => make(SEARCH_CATALOG);

    it('forgives one typo in a long word: "jaquta" finds the jacket', async () => {
      expect(names(await (await port()).search('jaquta'))).toEqual(['Jaqueta de Couro Preta']);
    });

    it('ignores accents and case: "tenis" and "TÊNIS" find both sneakers, by their own names', async () => {
      const search = await port();
      const plain = names(await search.search('tenis'));
      expect([...plain].sort()).toEqual(['Tênis Casual Branco', 'Tênis Esportivo Azul']);
      expect(names(await search.search('TÊNIS'))).toEqual(plain);
    });

    it('matches prefixes, own names before category-only matches: "jaq" → the jacket, then the blazer (in Jaquetas)', async () => {
      expect(names(await (await port()).search('jaq'))).toEqual(['Jaqueta de Couro Preta', 'Blazer Bege']);
    });

    it('drops stop words and needs every other word: "camisa de xadrez" finds one shirt', async () => {
      expect(names(await (await port()).search('camisa de xadrez'))).toEqual(['Camisa Xadrez Vermelha']);
    });

    it('answers the products as the storefront shows them', async () => {
      expect(await (await port()).search('blazer')).toEqual([
        { id: 'blazer-bege', name: 'Blazer Bege', imageUrl: '/images/blazer-bege.svg', price: 259 },
      ]);
    });

    it('answers [] for a word nothing has, and for a blank term', async () => {
      const search = await port();
      expect(await search.search('xyzxyz')).toEqual([]);
      expect(await search.search('   ')).toEqual([]);
    });

    it(`caps the answer at ${MAX_SEARCH_RESULTS} products, or at the limit asked for`, async () => {
      const search = await port();
      const all = await search.search('meia');
      expect(all).toHaveLength(48);
      expect(all.every((p) => p.name.startsWith('Meia Listrada '))).toBe(true);
      expect(new Set(all.map((p) => p.id)).size).toBe(48);
      expect(await search.search('meia', { limit: 5 })).toHaveLength(5);
    });

    it('refuses a search whose signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect((await port()).search('jaqueta', { signal: controller.signal })).rejects.toBeInstanceOf(
        SearchAbortedError,
      );
    });
  });
}
