// What an on-request page reads, and nothing more (docs/adapters.md, "Catalog at scale"): `products/{id}` is the source of
// truth for a product (`categoryId`, `position` = its order in the category); a `categories` document keeps the
// fields of docs/requirements.md#data with `products` as a preview (the first 24 by position) and `productCount`. Every document is
// validated; a malformed one is a MalformedDocumentError naming it, never a half-rendered page.
import type { Firestore } from 'firebase-admin/firestore';
import { FieldPath } from 'firebase-admin/firestore';
import {
  CATEGORIES_COLLECTION,
  PRODUCTS_COLLECTION,
  readProductDocument,
  toCategoryDocument,
  withProductCount,
} from '../../src/adapters/catalog/catalogDocuments';
import { MalformedDocumentError, type Category, type Product } from '../../src/domain';
import { productOfDocument } from '../../src/domain/productDocuments';
import { LOW_STOCK_THRESHOLD } from '../../src/domain/stock';
import type { SitemapSource } from './sitemap';

export interface ProductRecord {
  product: Product;
  categoryId: string;
  position: number;
  /** Its units in stock (docs/requirements.md#stock), or null when the document does not track them. */
  stock: number | null;
}

/** The reads of one on-request page, each bounded. */
export interface PageSource extends SitemapSource {
  /** `products/{id}`, or null when there is none. */
  product(id: string): Promise<ProductRecord | null>;
  /** The category whose `id` is this (its preview of products), or null. */
  category(id: string): Promise<Category | null>;
  /** The first `limit` products of a category by position, with their stock. */
  firstProducts(categoryId: string, limit: number): Promise<ProductRecord[]>;
  /** The category's products with LOW_STOCK_THRESHOLD units or fewer (sold out included): id → units. */
  lowStock(categoryId: string): Promise<Record<string, number>>;
}

// The storefront's own validators (src/adapters/catalog/catalogDocuments.ts): a document the storefront would refuse
// (an unknown field, a missing searchName, an id other than its key) is refused here too.
export function toProductRecord(documentId: string, data: unknown): ProductRecord {
  const document = readProductDocument(documentId, data);
  return {
    product: productOfDocument(document),
    categoryId: document.categoryId,
    position: document.position,
    stock: document.stock ?? null,
  };
}

export function toCategory(documentId: string, data: unknown): Category {
  return withProductCount(toCategoryDocument(documentId, data));
}

/** The page source over firebase-admin: one document, one query or one id page per call. */
export function createFirestorePageSource({ firestore }: { firestore: Firestore }): PageSource {
  const products = firestore.collection(PRODUCTS_COLLECTION);
  const categories = firestore.collection(CATEGORIES_COLLECTION);
  return {
    async product(id) {
      const snapshot = await products.doc(id).get();
      return snapshot.exists ? toProductRecord(snapshot.id, snapshot.data()) : null;
    },
    async category(id) {
      // By its `id` field, as the storefront's getCategory reads it.
      const snapshot = await categories.where('id', '==', id).limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? toCategory(doc.id, doc.data()) : null;
    },
    async firstProducts(categoryId, limit) {
      // Needs the composite index (categoryId, position) of firestore.indexes.json.
      const snapshot = await products.where('categoryId', '==', categoryId).orderBy('position').limit(limit).get();
      return snapshot.docs.map((doc) => toProductRecord(doc.id, doc.data()));
    },
    async lowStock(categoryId) {
      // Needs the composite index (categoryId, stock) of firestore.indexes.json; reads only the few it answers.
      const snapshot = await products
        .where('categoryId', '==', categoryId)
        .where('stock', '<=', LOW_STOCK_THRESHOLD)
        .get();
      return Object.fromEntries(
        snapshot.docs.map((doc) => [doc.id, toProductRecord(doc.id, doc.data()).stock ?? 0] as const),
      );
    },
    async categoryIds() {
      const snapshot = await categories.select('id').get();
      return snapshot.docs.map((doc) => {
        const id: unknown = doc.get('id');
        if (typeof id !== 'string' || id === '')
          throw new MalformedDocumentError(CATEGORIES_COLLECTION, doc.id, 'id: must be a non-empty string');
        return id;
      });
    },
    async productIds(after, limit) {
      // Ids only (select() of no field): a sitemap page reads no product's fields.
      let query = products.orderBy(FieldPath.documentId()).select().limit(limit);
      if (after !== null) query = query.startAfter(after);
      return (await query.get()).docs.map((doc) => doc.id);
    },
  };
}

export interface MemoryPageData {
  products: Record<string, unknown>;
  /** By document id. */
  categories: Record<string, unknown>;
}

/** The same reads over plain documents (tests, the renderer's benchmarks): validated the same way. */
export function memoryPageSource(data: MemoryPageData): PageSource {
  const records = () => Object.entries(data.products).map(([id, doc]) => toProductRecord(id, doc));
  const allCategories = () => Object.entries(data.categories).map(([id, doc]) => toCategory(id, doc));
  return {
    product: async (id) => (id in data.products ? toProductRecord(id, data.products[id]) : null),
    category: async (id) => allCategories().find((category) => category.id === id) ?? null,
    firstProducts: async (categoryId, limit) =>
      records()
        .filter((record) => record.categoryId === categoryId)
        .sort((a, b) => a.position - b.position)
        .slice(0, limit),
    lowStock: async (categoryId) =>
      Object.fromEntries(
        records()
          .filter((record) => record.categoryId === categoryId && record.stock !== null)
          .filter((record) => record.stock! <= LOW_STOCK_THRESHOLD)
          .map((record) => [record.product.id, record.stock!] as const),
      ),
    categoryIds: async () => allCategories().map((category) => category.id),
    productIds: async (after, limit) =>
      Object.keys(data.products)
        .sort()
        .filter((id) => after === null || id > after)
        .slice(0, limit),
  };
}
