import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { ClubError, RELATED_PRODUCTS_LIMIT } from '../../domain';
import { productOfDocument } from '../../domain/productDocuments';
import { LOW_STOCK_THRESHOLD } from '../../domain/stock';
import {
  CatalogUnavailableError,
  CategoryNotFoundError,
  STOCK_IDS_PER_QUERY,
  type ProductCatalogPort,
} from './catalogPort';
import {
  CATEGORIES_COLLECTION,
  batchesOf,
  checkPage,
  isDocumentKey,
  lowStockAnswerOf,
  nextAfterOf,
  PRODUCTS_COLLECTION,
  productInCategoryOf,
  readProductDocument,
  sortCategoryDocuments,
  stockAnswerOf,
  toCategoryDocument,
  withProductCount,
} from './catalogDocuments';

/**
 * The catalog over Cloud Firestore (lite SDK: one-shot reads, no realtime). docs/requirements.md#calls: all categories for the
 * home grid and the explore page; `categories where id == <route id>` for a category page. At scale
 * (docs/adapters.md): a category's products page by page from `products` (index categoryId + position), and a
 * product page's product, category and related products in three bounded reads. Every document is validated;
 * an optional numeric `order` field sets the display order.
 */
export function createFirestoreCatalog({ db }: { db: Firestore }): ProductCatalogPort {
  const categories = collection(db, CATEGORIES_COLLECTION);
  const products = collection(db, PRODUCTS_COLLECTION);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ClubError) throw error;
      throw new CatalogUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  const categoryProducts = async (categoryId: string, after: number | undefined, count: number) => {
    const constraints = [
      where('categoryId', '==', categoryId),
      orderBy('position'),
      ...(after === undefined ? [] : [startAfter(after)]),
      limit(count),
    ];
    const snapshot = await getDocs(query(products, ...constraints));
    return snapshot.docs.map((found) => readProductDocument(found.id, found.data()));
  };
  return {
    listCategories: () =>
      guard(async () => {
        const snapshot = await getDocs(categories);
        return sortCategoryDocuments(snapshot.docs.map((doc) => toCategoryDocument(doc.id, doc.data())));
      }),
    getCategory: (id) =>
      guard(async () => {
        const snapshot = await getDocs(query(categories, where('id', '==', id)));
        // Several documents with the same id field would be a seeding mistake; the first by key wins.
        const doc = [...snapshot.docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
        if (!doc) throw new CategoryNotFoundError(id);
        return withProductCount(toCategoryDocument(doc.id, doc.data()));
      }),
    listCategoryProducts: async (categoryId, page) => {
      checkPage(page);
      return guard(async () => {
        const found = await categoryProducts(categoryId, page.after, page.limit);
        return { products: found.map(productOfDocument), nextAfter: nextAfterOf(found, page.limit) };
      });
    },
    getProduct: (productId) =>
      guard(async () => {
        if (!isDocumentKey(productId)) return null;
        const snapshot = await getDoc(doc(products, productId));
        if (!snapshot.exists()) return null;
        const product = readProductDocument(snapshot.id, snapshot.data());
        // Queries without orderBy return documents by key, so limit(1) is getCategory's first-by-key.
        const [categorySnapshot, first] = await Promise.all([
          getDocs(query(categories, where('id', '==', product.categoryId), limit(1))),
          categoryProducts(product.categoryId, undefined, RELATED_PRODUCTS_LIMIT + 1),
        ]);
        const categoryDoc = categorySnapshot.docs[0];
        return categoryDoc
          ? productInCategoryOf(
              product,
              withProductCount(toCategoryDocument(categoryDoc.id, categoryDoc.data())),
              first,
            )
          : null;
      }),
    getStock: (productIds) =>
      guard(async () => {
        const ids = productIds.filter(isDocumentKey);
        // One product (a product page): its document, one read.
        if (ids.length === 1) {
          const snapshot = await getDoc(doc(products, ids[0]!));
          const found = snapshot.exists() ? [readProductDocument(snapshot.id, snapshot.data())] : [];
          return stockAnswerOf(productIds, found);
        }
        const pages = await Promise.all(
          batchesOf(ids, STOCK_IDS_PER_QUERY).map((batch) =>
            getDocs(query(products, where(documentId(), 'in', batch))),
          ),
        );
        const found = pages.flatMap((page) => page.docs.map((one) => readProductDocument(one.id, one.data())));
        return stockAnswerOf(productIds, found);
      }),
    listLowStock: (categoryIds) =>
      guard(async () => {
        // Index categoryId + stock (firestore.indexes.json). A document without `stock` never matches.
        const pages = await Promise.all(
          batchesOf(categoryIds, STOCK_IDS_PER_QUERY).map((batch) =>
            getDocs(query(products, where('categoryId', 'in', batch), where('stock', '<=', LOW_STOCK_THRESHOLD))),
          ),
        );
        const found = pages.flatMap((page) => page.docs.map((one) => readProductDocument(one.id, one.data())));
        return lowStockAnswerOf(categoryIds, found);
      }),
  };
}
