// @vitest-environment node
// The on-request pages' reads over firebase-admin (server/render/pageSource.ts) on the Firestore emulator: one
// product by id, a category by its `id` field, a category's first products by position, and the sitemaps'
// cursor pages of product ids, each id once; malformed documents are typed errors naming the document.
import { describe, expect, it } from 'vitest';
import { MalformedDocumentError } from '../../src/domain';
import { createSitemaps } from '../../server/render/sitemap';
import { createFirestorePageSource } from '../../server/render/pageSource';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { useAdminFirestore } from './support';

const HATS = {
  id: 'hats',
  displayName: 'Chapéus',
  imageUrl: '/images/hats.svg',
  name: 'hats',
  order: 4,
  productCount: 7,
};
/** Positions out of id order, so "by position" and "by id" differ. */
const POSITIONS: Record<string, number> = {
  'bone-a': 3,
  'bone-b': 0,
  'bone-c': 6,
  'bone-d': 1,
  'bone-e': 5,
  'bone-f': 2,
  'bone-g': 4,
};
/** Units of the products that track them: sold out, the last units at 2 and at 3 (the threshold), plenty; the others untracked. */
const STOCK: Record<string, number> = { 'bone-a': 0, 'bone-b': 2, 'bone-c': 3, 'bone-d': 10 };
const productDoc = (id: string) => ({
  id,
  name: `Boné ${id.slice(-1).toUpperCase()}`,
  imageUrl: `/images/${id}.svg`,
  price: 59.9,
  categoryId: 'hats',
  position: POSITIONS[id],
  searchName: `bone ${id.slice(-1)}`,
  ...(id in STOCK ? { stock: STOCK[id] } : {}),
});

describe.skipIf(emulatorsUnavailable())('page source over the Firestore emulator', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'render-source-test');

  async function seed() {
    await emulators().clearFirestore();
    const batch = db().batch();
    batch.set(db().collection('categories').doc('chapeus-doc'), {
      ...HATS,
      products: [productDoc('bone-b')].map(({ categoryId: _c, position: _p, searchName: _s, stock: _u, ...p }) => p),
    });
    for (const id of Object.keys(POSITIONS)) batch.set(db().collection('products').doc(id), productDoc(id));
    await batch.commit();
  }

  it('reads one product, its category by id field (its own fields and its count) and the first products by position', async () => {
    await seed();
    const source = createFirestorePageSource({ firestore: db() });
    expect(await source.product('bone-c')).toEqual({
      product: { id: 'bone-c', name: 'Boné C', imageUrl: '/images/bone-c.svg', price: 59.9 },
      categoryId: 'hats',
      position: 6,
      stock: 3,
    });
    expect((await source.product('bone-e'))?.stock).toBeNull();
    expect(await source.product('nao-existe')).toBeNull();
    expect(await source.category('hats')).toEqual({
      id: 'hats',
      displayName: 'Chapéus',
      imageUrl: '/images/hats.svg',
      name: 'hats',
      products: [{ id: 'bone-b', name: 'Boné B', imageUrl: '/images/bone-b.svg', price: 59.9 }],
      productCount: 7,
    });
    expect(await source.category('chapeus-doc')).toBeNull(); // the document id is not the category's id
    expect((await source.firstProducts('hats', 5)).map((record) => record.product.id)).toEqual([
      'bone-b',
      'bone-d',
      'bone-f',
      'bone-a',
      'bone-g',
    ]);
    expect(await source.categoryIds()).toEqual(['hats']);
    // Sold out and the last units, up to 3; not bone-d's 10, not the untracked.
    expect(await source.lowStock('hats')).toEqual({ 'bone-a': 0, 'bone-b': 2, 'bone-c': 3 });
    expect(await source.lowStock('sneakers')).toEqual({});
  });

  it('pages product ids by cursor: 3 pages of 3, 3 and 1, every id once, and the sitemap index lists them', async () => {
    await seed();
    const source = createFirestorePageSource({ firestore: db() });
    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const ids = await source.productIds(after, 3);
      if (ids.length === 0) break;
      pages.push(ids);
      after = ids.at(-1)!;
    }
    expect(pages).toEqual([['bone-a', 'bone-b', 'bone-c'], ['bone-d', 'bone-e', 'bone-f'], ['bone-g']]);
    const index = await createSitemaps({ source, origin: 'https://loja.example', pageSize: 3 }).index();
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://loja.example/sitemaps/pages.xml',
      'https://loja.example/sitemaps/products.xml',
      'https://loja.example/sitemaps/products.xml?after=bone-c',
      'https://loja.example/sitemaps/products.xml?after=bone-f',
    ]);
  });

  it('names a malformed product or category document', async () => {
    await seed();
    await db()
      .collection('products')
      .doc('bone-a')
      .set({ ...productDoc('bone-a'), price: 'caro' });
    await db()
      .collection('products')
      .doc('bone-x')
      .set({ ...productDoc('bone-b') });
    await db()
      .collection('categories')
      .doc('chapeus-doc')
      .set({ ...HATS, productCount: -1, products: [] });
    const source = createFirestorePageSource({ firestore: db() });
    await expect(source.product('bone-a')).rejects.toThrow(MalformedDocumentError);
    await expect(source.product('bone-a')).rejects.toThrow(/products document "bone-a": price/);
    await expect(source.product('bone-x')).rejects.toThrow(/products document "bone-x": id/);
    await expect(source.category('hats')).rejects.toThrow(/categories document "chapeus-doc": productCount/);
  });
});
