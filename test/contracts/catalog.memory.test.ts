import { describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { catalog as shop } from '../../seed/seedCatalog';
import { testCatalogPort, testProductCatalogPort } from './catalog.contract';

testCatalogPort('memoryCatalog', async (documents) => memoryCatalog(documents));

testProductCatalogPort('memoryCatalog', async ({ categories, products }) => {
  const catalog = memoryCatalog(categories, { products });
  return { catalog, reads: () => catalog.reads };
});

describe('memoryCatalog from categories', () => {
  it('derives the products documents from the lists (position = index), so a product page reads through them', async () => {
    const catalog = memoryCatalog(shop);
    const sneakers = shop.find((category) => category.id === 'sneakers')!;
    const found = await catalog.getProduct(sneakers.products[5]!.id);
    expect(found).toEqual({
      product: sneakers.products[5],
      category: sneakers,
      related: sneakers.products.slice(0, 4),
    });
    expect(catalog.reads).toBe(7);
    const page = await catalog.listCategoryProducts('sneakers', { after: 5, limit: 10 });
    expect(page).toEqual({ products: sneakers.products.slice(6), nextAfter: null });
  });

  it('keeps each category whole for the two reads of docs/requirements.md#calls', async () => {
    const catalog = memoryCatalog(shop);
    expect(await catalog.listCategories()).toEqual(shop);
    expect(catalog.reads).toBe(shop.length);
  });
});
