import { describe, expect, it } from 'vitest';
import {
  CatalogUnavailableError,
  CategoryNotFoundError,
  MalformedDocumentError,
  type CatalogPort,
  type ProductCatalogPort,
} from '../../src/adapters/catalog/catalogPort';
import type { Category, Product } from '../../src/domain';
import { aCategory, aProduct } from '../support/builders';

/** Seeds the `categories` collection with these raw documents (keyed by document id) and returns the port. */
export type MakeCatalog = (documents: Readonly<Record<string, unknown>>) => Promise<CatalogPort>;

/** The CatalogPort contract: every implementation must pass it. */
export function testCatalogPort(name: string, makeAdapter: MakeCatalog) {
  describe(`CatalogPort contract: ${name}`, () => {
    const jackets = aCategory()
      .withId('jackets')
      .withProducts([aProduct().withId('jaqueta-couro').withPrice(500).build(), aProduct().withPrice(89.9).build()])
      .build();
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
      const catalog = await makeAdapter({
        x: { ...hats, order: 0 },
        y: { ...jackets, order: 2 },
        z: { ...sneakers, order: 1 },
      });
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
      const broken = {
        id: 'male',
        name: 'male',
        displayName: 'Masculino',
        imageUrl: '/images/male.svg',
        products: [{ id: 'p1', name: 'Calça', price: 'cem' }],
      };
      const catalog = await makeAdapter({ good: jackets, 'broken-doc': broken });
      const listError = await catalog.listCategories().catch((e: unknown) => e);
      expect(listError).toBeInstanceOf(MalformedDocumentError);
      expect(listError).toMatchObject({ code: 'document/malformed', documentId: 'broken-doc' });
      const getError = await catalog.getCategory('male').catch((e: unknown) => e);
      expect(getError).toMatchObject({ code: 'document/malformed', documentId: 'broken-doc' });
      await expect(catalog.getCategory('jackets')).resolves.toEqual(jackets);
    });

    it("reads a category document that carries productCount and a preview: the category's own fields and the count, without `order`", async () => {
      const catalog = await makeAdapter({ jackets: { ...jackets, productCount: 4_000, order: 0 } });
      expect(await catalog.listCategories()).toEqual([{ ...jackets, productCount: 4_000 }]);
      await expect(catalog.getCategory('jackets')).resolves.toEqual({ ...jackets, productCount: 4_000 });
    });

    it.each([
      ['a text', 'muitos'],
      ['a fraction', 2.5],
      ['a negative number', -1],
    ])('treats productCount as malformed when it is %s', async (_, productCount) => {
      const catalog = await makeAdapter({ odd: { ...hats, productCount } });
      await expect(catalog.listCategories()).rejects.toMatchObject({ code: 'document/malformed', documentId: 'odd' });
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

/** Raw `categories` and `products` documents, each keyed by document id. */
export interface CatalogDocuments {
  categories: Readonly<Record<string, unknown>>;
  products: Readonly<Record<string, unknown>>;
}
/** The port over those documents, and its read count where the implementation can observe it. */
export type MakeProductCatalog = (
  documents: CatalogDocuments,
) => Promise<{ catalog: ProductCatalogPort; reads?: () => number }>;

/**
 * The catalog at scale (docs/adapters.md, "Catalog at scale"): paging a category's `products` documents and a
 * product page's bounded reads. Reads are asserted where `reads` is given (Firestore bills each document a get
 * or query returns, one for an empty answer); everywhere, on what came back.
 */
export function testProductCatalogPort(name: string, makeAdapter: MakeProductCatalog) {
  const expectReads = (reads: (() => number) | undefined, expected: number) => {
    if (reads) expect(reads()).toBe(expected);
  };
  describe(`CatalogPort at scale: ${name}`, () => {
    // Written out, not derived with the code under test: the stored fields a product document adds.
    const stored = (product: Product, categoryId: string, position: number) => ({
      ...product,
      categoryId,
      position,
      searchName: product.name.toLowerCase(),
    });
    /** Keys in an order that is neither the positions' nor the ids', so sorting must come from `position`. */
    const keyed = (entries: Array<ReturnType<typeof stored>>) =>
      Object.fromEntries([...entries].reverse().map((entry) => [entry.id, entry]));
    // Positions with gaps (a product removed from the middle keeps the others' positions).
    const positions = [0, 1, 2, 5, 7, 8, 9, 12];
    const coats = Array.from({ length: positions.length }, (_, i) =>
      aProduct()
        .withId(`casaco-${String.fromCharCode(104 - i)}`)
        .build(),
    );
    const caps = [aProduct().withId('bone-a').build(), aProduct().withId('bone-b').build()];
    const coatsCategory: Category = aCategory().withId('coats').withProducts(coats.slice(0, 3)).build();
    const capsCategory: Category = aCategory().withId('caps').withProducts(caps).build();
    const categories = {
      coats: { ...coatsCategory, productCount: coats.length },
      caps: { ...capsCategory, productCount: caps.length },
    };
    const products = keyed([
      ...coats.map((p, i) => stored(p, 'coats', positions[i]!)),
      ...caps.map((p, i) => stored(p, 'caps', i)),
    ]);

    it('pages a category by position: after the last position seen, at most `limit`, without the stored fields', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      const first = await catalog.listCategoryProducts('coats', { limit: 3 });
      expect(first).toEqual({ products: coats.slice(0, 3), nextAfter: 2 });
      expectReads(reads, 3);
      const second = await catalog.listCategoryProducts('coats', { after: 2, limit: 3 });
      expect(second).toEqual({ products: coats.slice(3, 6), nextAfter: 8 });
      const last = await catalog.listCategoryProducts('coats', { after: 8, limit: 3 });
      expect(last).toEqual({ products: coats.slice(6), nextAfter: null });
      expectReads(reads, 3 + 3 + 2);
    });

    it('walks a whole category with the cursor, every product once, in position order', async () => {
      const { catalog } = await makeAdapter({ categories, products });
      const seen: Product[] = [];
      let after: number | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await catalog.listCategoryProducts('coats', {
          limit: 2,
          ...(after === undefined ? {} : { after }),
        });
        seen.push(...result.products);
        if (result.nextAfter === null) break;
        after = result.nextAfter;
      }
      expect(seen).toEqual(coats);
    });

    it('a full last page still gives a cursor; the page after it is empty, with none', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.listCategoryProducts('caps', { limit: 2 })).resolves.toEqual({
        products: caps,
        nextAfter: 1,
      });
      await expect(catalog.listCategoryProducts('caps', { after: 1, limit: 2 })).resolves.toEqual({
        products: [],
        nextAfter: null,
      });
      expectReads(reads, 2 + 1);
    });

    it('an unknown category is an empty page', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.listCategoryProducts('nao-existe', { limit: 24 })).resolves.toEqual({
        products: [],
        nextAfter: null,
      });
      expectReads(reads, 1);
    });

    it('keeps the description when a product has one', async () => {
      const described = { ...caps[0]!, description: 'Boné de algodão com aba curva.' };
      const { catalog } = await makeAdapter({
        categories,
        products: { ...products, 'bone-a': stored(described, 'caps', 0) },
      });
      expect((await catalog.listCategoryProducts('caps', { limit: 1 })).products).toEqual([described]);
    });

    it.each([
      ['a price in text', { price: 'cem' }],
      ['no searchName', { searchName: undefined }],
      ['a fractional position', { position: 1.5 }],
      ['an id other than its key', { id: 'outro' }],
      ['an unknown field', { estoque: 3 }],
    ])(
      'a page with a malformed product (%s) fails with MalformedDocumentError naming the document',
      async (_, change) => {
        const broken = Object.fromEntries(
          Object.entries({ ...(products['bone-b'] as object), ...change }).filter(([, value]) => value !== undefined),
        );
        const { catalog } = await makeAdapter({ categories, products: { ...products, 'bone-b': broken } });
        const error = await catalog.listCategoryProducts('caps', { limit: 5 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MalformedDocumentError);
        expect(error).toMatchObject({ code: 'document/malformed', documentId: 'bone-b' });
        // The page before it is still readable.
        await expect(catalog.listCategoryProducts('caps', { limit: 1 })).resolves.toEqual({
          products: [caps[0]],
          nextAfter: 0,
        });
      },
    );

    it.each([0, -1, 1.5, 101, Number.NaN])('refuses a page limit of %s (1 to 100)', async (limit) => {
      const { catalog } = await makeAdapter({ categories, products });
      await expect(catalog.listCategoryProducts('caps', { limit })).rejects.toBeInstanceOf(RangeError);
    });

    it('a product page: the product, its category as stored, and the first four others by position', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      const found = await catalog.getProduct(coats[2]!.id);
      expect(found).toEqual({
        product: coats[2],
        category: categories.coats,
        related: [coats[0], coats[1], coats[3], coats[4]],
      });
      // 1 product + 1 category + at most 5 of the category (four others even when it is among the first).
      expectReads(reads, 1 + 1 + 5);
    });

    it("a product further down its category relates to the category's first four", async () => {
      const { catalog } = await makeAdapter({ categories, products });
      const found = await catalog.getProduct(coats[7]!.id);
      expect(found?.related).toEqual(coats.slice(0, 4));
      expect(found?.product).toEqual(coats[7]);
    });

    it('a product of a small category relates to the others only', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.getProduct('bone-b')).resolves.toEqual({
        product: caps[1],
        category: categories.caps,
        related: [caps[0]],
      });
      expectReads(reads, 1 + 1 + 2);
    });

    it.each(['nao-existe', '', 'a/b', '..', '__x__'])(
      'an unknown or impossible product id (%j) is null',
      async (id) => {
        const { catalog, reads } = await makeAdapter({ categories, products });
        await expect(catalog.getProduct(id)).resolves.toBeNull();
        if (reads) expect(reads()).toBeLessThanOrEqual(1);
      },
    );

    it('a product whose category is gone is null', async () => {
      const { catalog } = await makeAdapter({ categories: { caps: categories.caps }, products });
      await expect(catalog.getProduct(coats[0]!.id)).resolves.toBeNull();
      await expect(catalog.getProduct('bone-a')).resolves.not.toBeNull();
    });

    it('a malformed product document fails with MalformedDocumentError naming it', async () => {
      const { catalog } = await makeAdapter({
        categories,
        products: { ...products, 'bone-a': { ...(products['bone-a'] as object), categoryId: 7 } },
      });
      await expect(catalog.getProduct('bone-a')).rejects.toMatchObject({
        code: 'document/malformed',
        documentId: 'bone-a',
      });
    });
  });

  describe(`CatalogPort stock reads: ${name}`, () => {
    const stored = (id: string, categoryId: string, position: number, stock?: number) => ({
      ...aProduct().withId(id).build(),
      categoryId,
      position,
      searchName: id,
      ...(stock === undefined ? {} : { stock }),
    });
    const categories = {
      hats: aCategory().withId('hats').build(),
      coats: aCategory().withId('coats').build(),
    };
    // hats: sold out, 2 left, 3 left (the threshold), 4 left, untracked; coats: 1 left, 40 left.
    const products = Object.fromEntries(
      [
        stored('chapeu', 'hats', 0, 0),
        stored('boina', 'hats', 1, 2),
        stored('touca', 'hats', 2, 3),
        stored('bone', 'hats', 3, 4),
        stored('viseira', 'hats', 4),
        stored('casaco', 'coats', 0, 1),
        stored('parka', 'coats', 1, 40),
      ].map((doc) => [doc.id, doc]),
    );

    it('a product page reads its one document: its units, in one read', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.getStock(['boina'])).resolves.toEqual({ boina: 2 });
      expectReads(reads, 1);
    });

    it('a product without stock, or without a document, answers null', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.getStock(['viseira'])).resolves.toEqual({ viseira: null });
      await expect(catalog.getStock(['nao-existe'])).resolves.toEqual({ 'nao-existe': null });
      expectReads(reads, 2);
    });

    it("a cart's lines: every id asked, sold out as 0, in one query billed its documents", async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.getStock(['chapeu', 'parka', 'viseira', 'sumiu'])).resolves.toEqual({
        chapeu: 0,
        parka: 40,
        viseira: null,
        sumiu: null,
      });
      expectReads(reads, 3);
    });

    it('more ids than one query takes are read 30 at a time, and none asked is an empty answer', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      const others = Array.from({ length: 31 }, (_, i) => `outro-${i}`);
      const answer = await catalog.getStock(['boina', ...others]);
      expect(answer.boina).toBe(2);
      expect(Object.keys(answer)).toHaveLength(32);
      expect(answer['outro-30']).toBeNull();
      // Two queries: the first finds boina (1), the second nothing (1).
      expectReads(reads, 2);
      await expect(catalog.getStock([])).resolves.toEqual({});
    });

    it('low stock of a category: 3 units or fewer, sold out included, untracked and plentiful left out', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.listLowStock(['hats'])).resolves.toEqual({ hats: { chapeu: 0, boina: 2, touca: 3 } });
      expectReads(reads, 3);
    });

    it('low stock of several categories in one query; a category with none answers {} (billed 1)', async () => {
      const { catalog, reads } = await makeAdapter({ categories, products });
      await expect(catalog.listLowStock(['hats', 'coats'])).resolves.toEqual({
        hats: { chapeu: 0, boina: 2, touca: 3 },
        coats: { casaco: 1 },
      });
      expectReads(reads, 4);
      await expect(catalog.listLowStock(['vazia'])).resolves.toEqual({ vazia: {} });
      expectReads(reads, 5);
    });

    it('a malformed stock fails with MalformedDocumentError naming the document', async () => {
      const { catalog } = await makeAdapter({
        categories,
        products: { ...products, boina: { ...(products.boina as object), stock: -1 } },
      });
      await expect(catalog.getStock(['boina'])).rejects.toMatchObject({
        code: 'document/malformed',
        documentId: 'boina',
      });
    });
  });
}
