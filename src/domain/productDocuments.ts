// The catalog at scale's documents (docs/adapters.md, "Catalog at scale"), for the catalog adapters and the
// seed. Not re-exported from the domain index: the storefront's entry bundle needs none of it (the Firestore
// adapter that does is a lazy chunk).
import { integer, min, object, optional, size, string, type Infer } from 'superstruct';
import { CATEGORY_PREVIEW_LIMIT, CategoryId, ProductStruct, type Category, type Product } from './catalog';
import { StockUnits } from './stock';

/** `products/{productId}`: the source of truth for a product, with its category, its place there and a search key. */
export const ProductDocumentStruct = object({
  ...ProductStruct.schema,
  categoryId: CategoryId,
  /** The product's order inside its category (the category's own order: its index in the category's products list). */
  position: min(integer(), 0),
  /** searchNameOf(name): for prefix queries and the search index. */
  searchName: size(string(), 1, 200),
  /**
   * Units that can still be sold (src/domain/stock.ts): the source of truth, kept here only, never in a category
   * document's inline products (a copy there would go stale with every sale). Absent: not tracked.
   */
  stock: optional(StockUnits),
});
export type ProductDocument = Infer<typeof ProductDocumentStruct>;

/** The largest page `listCategoryProducts` hands out in one read. */
export const MAX_CATEGORY_PAGE_SIZE = 100;

/** A name lowercased with its accents stripped: "Tênis Retrô" → "tenis retro" (NFD, then no combining marks). */
export function searchNameOf(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A product as its `products` document stores it. */
export function productDocumentOf(product: Product, categoryId: string, position: number): ProductDocument {
  return { ...product, categoryId, position, searchName: searchNameOf(product.name) };
}

/** The product the storefront shows, without the document's bookkeeping fields. */
export function productOfDocument({
  categoryId: _categoryId,
  position: _position,
  searchName: _searchName,
  stock: _stock,
  ...product
}: ProductDocument): Product {
  return product;
}

/** A category's `products` documents: position = index in the category's list. */
export function productDocumentsOf(category: Category): ProductDocument[] {
  return category.products.map((product, position) => productDocumentOf(product, category.id, position));
}

/** A category document's fields: those of docs/requirements.md#data, with the first CATEGORY_PREVIEW_LIMIT products, and the count. */
export function categoryDocumentOf(category: Category): Category & { productCount: number } {
  return {
    ...category,
    products: category.products.slice(0, CATEGORY_PREVIEW_LIMIT),
    productCount: category.products.length,
  };
}
