// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { createPriceBook } from '../../server/adapters/cachedCatalog';
import { aCategory, aProduct } from '../support/builders';

describe('PriceBook categories', () => {
  it("knows each product's category from the same cached read as its price; a product in two categories keeps the first", async () => {
    const jaqueta = aProduct().withId('jaqueta').withPrice(499.9).build();
    const bone = aProduct().withId('bone').withPrice(60).build();
    const inner = memoryCatalog([
      aCategory().withId('jackets').withProducts([jaqueta]).build(),
      aCategory()
        .withId('hats')
        .withProducts([bone, { ...jaqueta, price: 1 }])
        .build(),
    ]);
    let reads = 0;
    const catalog: CatalogPort = {
      listCategories: () => (reads++, inner.listCategories()),
      getCategory: (id) => inner.getCategory(id),
    };
    const now = { value: 0 };
    const book = createPriceBook(catalog, { ttlMs: 1000, now: () => now.value });
    const [products, categories] = await Promise.all([book.products(), book.categories()]);
    expect(reads).toBe(1);
    expect([...categories]).toEqual([
      ['jaqueta', 'jackets'],
      ['bone', 'hats'],
    ]);
    expect(products.get('jaqueta')!.price).toBe(499.9);
    now.value = 1000;
    await book.categories();
    expect(reads).toBe(2);
  });
});
