import { describe, expect, it } from 'vitest';
import { CatalogUnavailableError, CategoryNotFoundError, MalformedDocumentError, type CatalogPort } from '../../src/adapters/catalog/port';
import { aCategory, aProduct } from '../support/builders';

/** Seeds the `categories` collection with these raw documents (keyed by document id) and returns the port. */
export type MakeCatalog = (documents: Readonly<Record<string, unknown>>) => Promise<CatalogPort>;

/** The CatalogPort contract: every implementation must pass it. */
export function testCatalogPort(name: string, makeAdapter: MakeCatalog) {
  describe(`CatalogPort contract: ${name}`, () => {
    const jackets = aCategory().withId('jackets').withProducts([aProduct().withId('jaqueta-couro').withPrice(500).build(), aProduct().withPrice(89.9).build()]).build();
    const hats = aCategory().withId('hats').build();
    const sneakers = aCategory().withId('sneakers').build();

    it('lists every category, validated, with prices in reais (centavos kept)', async () => {
      const catalog = await makeAdapter({ 'doc-a': jackets, 'doc-b': hats });
      const listed = await catalog.listCategories();
      expect(listed).toHaveLength(2);
      expect(listed.find((c) => c.id === 'jackets')).toEqual(jackets);
      expect(listed.find((c) => c.id === 'jackets')?.products[1]?.price).toBe(89.9);
    });

    it('lists an empty catalog as []', async () => {
      const catalog = await makeAdapter({});
      await expect(catalog.listCategories()).resolves.toEqual([]);
    });

    it('orders by the numeric `order` field when present, and strips it from the result', async () => {
      const catalog = await makeAdapter({ x: { ...hats, order: 0 }, y: { ...jackets, order: 2 }, z: { ...sneakers, order: 1 } });
      const listed = await catalog.listCategories();
      expect(listed.map((c) => c.id)).toEqual(['hats', 'sneakers', 'jackets']);
      expect(listed[0]).not.toHaveProperty('order');
    });

    it("falls back to the shop's display order (jackets, sneakers, male, female, hats), then id", async () => {
      const other = aCategory().withId('acessorios').build();
      const catalog = await makeAdapter({ a: hats, b: other, c: sneakers, d: jackets });
      expect((await catalog.listCategories()).map((c) => c.id)).toEqual(['jackets', 'sneakers', 'hats', 'acessorios']);
    });

    it('finds a category by its id field, not by its document key', async () => {
      const catalog = await makeAdapter({ 'random-key-123': jackets, hats });
      await expect(catalog.getCategory('jackets')).resolves.toEqual(jackets);
    });

    it('throws CategoryNotFoundError for an unknown id', async () => {
      const catalog = await makeAdapter({ hats });
      const error = await catalog.getCategory('nao-existe').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CategoryNotFoundError);
      expect(error).toMatchObject({ code: 'catalog/not-found', categoryId: 'nao-existe' });
    });

    it('throws MalformedDocumentError naming the document when a category is malformed', async () => {
      const broken = { id: 'male', name: 'male', displayName: 'Masculino', imageUrl: '/images/male.svg', products: [{ id: 'p1', name: 'Calça', price: 'cem' }] };
      const catalog = await makeAdapter({ good: jackets, 'broken-doc': broken });
      const listError = await catalog.listCategories().catch((e: unknown) => e);
      expect(listError).toBeInstanceOf(MalformedDocumentError);
      expect(listError).toMatchObject({ code: 'document/malformed', documentId: 'broken-doc' });
      const getError = await catalog.getCategory('male').catch((e: unknown) => e);
      expect(getError).toMatchObject({ code: 'document/malformed', documentId: 'broken-doc' });
      await expect(catalog.getCategory('jackets')).resolves.toEqual(jackets);
    });

    it('treats a non-numeric order field as malformed', async () => {
      const catalog = await makeAdapter({ odd: { ...hats, order: 'first' } });
      await expect(catalog.listCategories()).rejects.toMatchObject({ documentId: 'odd' });
    });

    it('never throws anything but the typed errors', async () => {
      const catalog = await makeAdapter({ hats });
      const error = await catalog.getCategory('').catch((e: unknown) => e);
      expect(error instanceof CategoryNotFoundError || error instanceof CatalogUnavailableError).toBe(true);
    });
  });
}
