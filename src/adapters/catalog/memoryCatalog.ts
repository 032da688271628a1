import { RELATED_PRODUCTS_LIMIT, type Category } from '../../domain';
import { productDocumentsOf, productOfDocument } from '../../domain/productDocuments';
import { LOW_STOCK_THRESHOLD } from '../../domain/stock';
import { CategoryNotFoundError, STOCK_IDS_PER_QUERY, type ProductCatalogPort } from './catalogPort';
import {
  batchesOf,
  checkPage,
  isDocumentKey,
  lowStockAnswerOf,
  nextAfterOf,
  productInCategoryOf,
  readProductDocument,
  sortCategoryDocuments,
  stockAnswerOf,
  toCategoryDocument,
  withProductCount,
} from './catalogDocuments';

export interface MemoryCatalog extends ProductCatalogPort {
  /**
   * Reads so far, counted as Firestore bills them: each document a get or query returns, and one for a get or
   * query that returns nothing.
   */
  readonly reads: number;
}

type Documents = Readonly<Record<string, unknown>>;

/**
 * In-memory catalog. Give it categories (document id = category id, display order = array order, each category
 * whole, and its `products` documents derived from it: position = index) or raw `categories` documents keyed by
 * document id, with raw `products` documents in `options.products` (validated on every read, like Firestore, so
 * a malformed one can be tested). Queries behave as Firestore's: `where` on a field, `orderBy` position then key.
 */
export function memoryCatalog(
  source: readonly Category[] | Documents,
  options: { products?: Documents } = {},
): MemoryCatalog {
  const fromCategories = Array.isArray(source);
  const categories: Array<[string, unknown]> = fromCategories
    ? (source as readonly Category[]).map((category, index) => [
        category.id,
        { ...structuredClone(category), order: index },
      ])
    : Object.entries(structuredClone(source));
  const products = new Map<string, unknown>(
    fromCategories
      ? (source as readonly Category[]).flatMap((category) =>
          productDocumentsOf(category).map((doc) => [doc.id, doc] as const),
        )
      : Object.entries(structuredClone(options.products ?? {})),
  );
  let reads = 0;
  const billed = (documents: number) => {
    reads += Math.max(1, documents);
  };
  const readAll = () => categories.map(([documentId, data]) => toCategoryDocument(documentId, structuredClone(data)));
  const field = (data: unknown, name: string): unknown =>
    data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;

  /** `products where categoryId == id orderBy position [startAfter after] limit n`, validated. */
  const queryCategoryProducts = (categoryId: string, after: number | undefined, limit: number) => {
    const page = [...products]
      .filter(([, data]) => field(data, 'categoryId') === categoryId && typeof field(data, 'position') === 'number')
      .filter(([, data]) => after === undefined || (field(data, 'position') as number) > after)
      .sort(
        ([aKey, a], [bKey, b]) =>
          (field(a, 'position') as number) - (field(b, 'position') as number) ||
          (aKey < bKey ? -1 : aKey > bKey ? 1 : 0),
      )
      .slice(0, limit);
    billed(page.length);
    return page.map(([documentId, data]) => readProductDocument(documentId, structuredClone(data)));
  };
  /** `categories where id == id`, every match (the first by key wins), validated. */
  const queryCategory = (id: string, limit = Number.POSITIVE_INFINITY) => {
    const matching = categories.filter(([, data]) => field(data, 'id') === id).slice(0, limit);
    billed(matching.length);
    const first = matching[0];
    return first ? withProductCount(toCategoryDocument(first[0], structuredClone(first[1]))) : null;
  };

  return {
    get reads() {
      return reads;
    },
    async listCategories() {
      billed(categories.length);
      return sortCategoryDocuments(readAll());
    },
    async getCategory(id) {
      const category = queryCategory(id);
      if (!category) throw new CategoryNotFoundError(id);
      return category;
    },
    async listCategoryProducts(categoryId, page) {
      checkPage(page);
      const found = queryCategoryProducts(categoryId, page.after, page.limit);
      return { products: found.map(productOfDocument), nextAfter: nextAfterOf(found, page.limit) };
    },
    async getProduct(productId) {
      if (!isDocumentKey(productId)) return null;
      billed(products.has(productId) ? 1 : 0);
      if (!products.has(productId)) return null;
      const product = readProductDocument(productId, structuredClone(products.get(productId)));
      const category = queryCategory(product.categoryId, 1);
      const first = queryCategoryProducts(product.categoryId, undefined, RELATED_PRODUCTS_LIMIT + 1);
      return category ? productInCategoryOf(product, category, first) : null;
    },
    async getStock(productIds) {
      const ids = productIds.filter(isDocumentKey);
      const found = batchesOf(ids, STOCK_IDS_PER_QUERY).flatMap((batch) => {
        const documents = batch.filter((id) => products.has(id));
        billed(documents.length);
        return documents.map((id) => readProductDocument(id, structuredClone(products.get(id))));
      });
      return stockAnswerOf(productIds, found);
    },
    async listLowStock(categoryIds) {
      const found = batchesOf(categoryIds, STOCK_IDS_PER_QUERY).flatMap((batch) => {
        const matching = [...products].filter(([, data]) => {
          const stock = field(data, 'stock');
          return (
            batch.includes(field(data, 'categoryId') as string) &&
            typeof stock === 'number' &&
            stock <= LOW_STOCK_THRESHOLD
          );
        });
        billed(matching.length);
        return matching.map(([documentId, data]) => readProductDocument(documentId, structuredClone(data)));
      });
      return lowStockAnswerOf(categoryIds, found);
    },
  };
}
