import {
  CategoryStruct,
  MalformedDocumentError,
  RELATED_PRODUCTS_LIMIT,
  type Category,
  type ProductInCategory,
} from '../../domain';
import {
  MAX_CATEGORY_PAGE_SIZE,
  ProductDocumentStruct,
  productOfDocument,
  type ProductDocument,
} from '../../domain/productDocuments';
import { LOW_STOCK_THRESHOLD, type LowStockAnswer, type StockAnswer } from '../../domain/stock';

/** The catalog's collections, for every reader (the storefront's adapters, the backend's page renderer). */
export const CATEGORIES_COLLECTION = 'categories';
export const PRODUCTS_COLLECTION = 'products';

/**
 * Display order of the shop's categories (the original shop's home grid). A document may carry a numeric
 * `order` field that wins over this list; it is read here and removed before CategoryStruct validation, as is
 * `productCount` (how many `products` documents the category has; its `products` list is then a preview).
 */
export const CATEGORY_DISPLAY_ORDER = ['jackets', 'sneakers', 'male', 'female', 'hats'] as const;

export interface CategoryDocument {
  category: Category;
  order: number | undefined;
  /** Products of the category in the `products` collection; undefined on a document without the field. */
  productCount: number | undefined;
}

/** Validates one raw `categories` document. Throws MalformedDocumentError naming the document. */
export function toCategoryDocument(documentId: string, data: unknown): CategoryDocument {
  let order: number | undefined;
  let productCount: number | undefined;
  let rest: unknown = data;
  if (
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    ('order' in data || 'productCount' in data)
  ) {
    const { order: rawOrder, productCount: rawCount, ...others } = data as Record<string, unknown>;
    if ('order' in data) {
      if (typeof rawOrder !== 'number' || !Number.isFinite(rawOrder))
        throw new MalformedDocumentError(CATEGORIES_COLLECTION, documentId, 'order must be a finite number');
      order = rawOrder;
    }
    if ('productCount' in data) {
      if (typeof rawCount !== 'number' || !Number.isInteger(rawCount) || rawCount < 0)
        throw new MalformedDocumentError(CATEGORIES_COLLECTION, documentId, 'productCount must be a whole number ≥ 0');
      productCount = rawCount;
    }
    rest = others;
  }
  const [error, category] = CategoryStruct.validate(rest);
  if (error) {
    const path = error.path.join('.') || '(document)';
    throw new MalformedDocumentError(CATEGORIES_COLLECTION, documentId, `${path}: ${error.message}`);
  }
  return { category, order, productCount };
}

/**
 * Validates one raw `products` document, whose key must be its product id (getProduct reads it by key).
 * Throws MalformedDocumentError naming the document.
 */
export function readProductDocument(documentId: string, data: unknown): ProductDocument {
  const [error, product] = ProductDocumentStruct.validate(data);
  if (error) {
    const path = error.path.join('.') || '(document)';
    throw new MalformedDocumentError(PRODUCTS_COLLECTION, documentId, `${path}: ${error.message}`);
  }
  if (product.id !== documentId)
    throw new MalformedDocumentError(PRODUCTS_COLLECTION, documentId, `id "${product.id}" must equal the document id`);
  return product;
}

/** Whether `id` can name a Firestore document at all (no slash, not `.`/`..`, not `__reserved__`, ≤ 1500 bytes). */
export function isDocumentKey(id: string): boolean {
  return (
    id !== '' &&
    id !== '.' &&
    id !== '..' &&
    !id.includes('/') &&
    !/^__.*__$/.test(id) &&
    new TextEncoder().encode(id).length <= 1500
  );
}

/** The category as the storefront holds it: with its count when the document has one (its list may be a preview). */
export function withProductCount({ category, productCount }: CategoryDocument): Category {
  return productCount === undefined ? category : { ...category, productCount };
}

/** Stable display order: explicit `order`, then the shop's known list, then id; ties keep their input order. */
export function sortCategoryDocuments(documents: readonly CategoryDocument[]): Category[] {
  const known = (id: string) => {
    const index = (CATEGORY_DISPLAY_ORDER as readonly string[]).indexOf(id);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return documents
    .map((doc, index) => ({ doc, index }))
    .sort((a, b) => {
      const byOrder = (a.doc.order ?? Number.POSITIVE_INFINITY) - (b.doc.order ?? Number.POSITIVE_INFINITY);
      if (byOrder) return byOrder;
      const byKnown = known(a.doc.category.id) - known(b.doc.category.id);
      if (byKnown) return byKnown;
      if (a.doc.category.id !== b.doc.category.id) return a.doc.category.id < b.doc.category.id ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ doc }) => withProductCount(doc));
}

/** Throws RangeError on a page a caller could not have meant (a programming mistake, not a catalog failure). */
export function checkPage({ after, limit }: { after?: number; limit: number }): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CATEGORY_PAGE_SIZE)
    throw new RangeError(`page limit must be a whole number from 1 to ${MAX_CATEGORY_PAGE_SIZE}, got ${limit}`);
  if (after !== undefined && !Number.isFinite(after))
    throw new RangeError(`page cursor must be a finite position, got ${after}`);
}

/** The cursor after a page: the last position when the page is full (there may be more), else null. */
export function nextAfterOf(page: readonly ProductDocument[], limit: number): number | null {
  return page.length === limit ? page[page.length - 1]!.position : null;
}

/** A product page's data from its three reads: the product, its category, the category's first products. */
export function productInCategoryOf(
  product: ProductDocument,
  category: Category,
  firstOfCategory: readonly ProductDocument[],
): ProductInCategory {
  const related = firstOfCategory.filter((other) => other.id !== product.id).slice(0, RELATED_PRODUCTS_LIMIT);
  return { product: productOfDocument(product), category, related: related.map(productOfDocument) };
}

/** Lists of at most `size`, in order, for queries with an `in` filter. */
export function batchesOf<T>(values: readonly T[], size: number): T[][] {
  const unique = [...new Set(values)];
  const batches: T[][] = [];
  for (let start = 0; start < unique.length; start += size) batches.push(unique.slice(start, start + size));
  return batches;
}

/** Each id asked for, with the units its document holds (null: no stock field, or no document). */
export function stockAnswerOf(asked: readonly string[], found: readonly ProductDocument[]): StockAnswer {
  const answer: Record<string, number | null> = Object.fromEntries(asked.map((id) => [id, null]));
  for (const document of found) answer[document.id] = document.stock ?? null;
  return answer;
}

/** Each category asked for, with its products of LOW_STOCK_THRESHOLD units or fewer. */
export function lowStockAnswerOf(asked: readonly string[], found: readonly ProductDocument[]): LowStockAnswer {
  const answer: Record<string, Record<string, number>> = Object.fromEntries(asked.map((id) => [id, {}]));
  for (const document of found)
    if (document.stock !== undefined && document.stock <= LOW_STOCK_THRESHOLD && answer[document.categoryId])
      answer[document.categoryId]![document.id] = document.stock;
  return answer;
}
