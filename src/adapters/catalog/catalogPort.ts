import { ClubError, type Category, type Product, type ProductInCategory } from '../../domain';
import type { LowStockAnswer, StockAnswer } from '../../domain/stock';
export { MalformedDocumentError } from '../../domain';

export interface CatalogPort {
  /** Every category, in display order. Throws MalformedDocumentError (with the document id) on a bad document. */
  listCategories(): Promise<Category[]>;
  /** The category whose `id` field equals `id` (docs/requirements.md#calls). Throws CategoryNotFoundError when there is none. */
  getCategory(id: string): Promise<Category>;
}

/** One page of a category's products, by position. */
export interface CategoryProductsPage {
  products: Product[];
  /** The position to pass as `after` for the next page; null when this page was the last. */
  nextAfter: number | null;
}

/**
 * The catalog at scale (docs/adapters.md, "Catalog at scale"): the two reads of docs/requirements.md#calls plus reads bounded by what
 * a page shows, over the `products` collection.
 */
export interface ProductCatalogPort extends CatalogPort {
  /**
   * Products of a category ordered by position, after the position `after` (the last one seen; from the start
   * without it), at most `limit` (1 … MAX_CATEGORY_PAGE_SIZE, else RangeError). Reads at most `limit` documents.
   * An unknown category is an empty page. Throws MalformedDocumentError (with the document id) on a bad document.
   */
  listCategoryProducts(categoryId: string, page: { after?: number; limit: number }): Promise<CategoryProductsPage>;
  /**
   * One product with its category and up to RELATED_PRODUCTS_LIMIT related products (the category's first by
   * position, itself excluded): at most 1 + 1 + (RELATED_PRODUCTS_LIMIT + 1) documents. Null for an unknown
   * product or one whose category is gone.
   */
  getProduct(productId: string): Promise<ProductInCategory | null>;
  /**
   * The live stock of some products (`products/{id}.stock`): every id asked, with its units or null (no stock
   * field, or no such product). One id is one document read; more are read `documentId in` STOCK_IDS_PER_QUERY
   * at a time, each query billed its documents (1 when it finds none).
   */
  getStock(productIds: readonly string[]): Promise<StockAnswer>;
  /**
   * The products of some categories with LOW_STOCK_THRESHOLD units or fewer (sold out included): every category
   * asked, with its low products' units. `products where categoryId in [...] and stock <= 3`, STOCK_IDS_PER_QUERY
   * categories a query (index categoryId + stock), billed the documents found (1 when none).
   */
  listLowStock(categoryIds: readonly string[]): Promise<LowStockAnswer>;
}

/** Firestore's largest `in` list: the ids (or categories) one stock query asks for. */
export const STOCK_IDS_PER_QUERY = 30;

export class CategoryNotFoundError extends ClubError {
  readonly categoryId: string;
  constructor(categoryId: string) {
    super('catalog/not-found', `No category with id "${categoryId}"`);
    this.categoryId = categoryId;
  }
}
export class CatalogUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('catalog/unavailable', `Catalog unavailable: ${detail}`, options);
  }
}
