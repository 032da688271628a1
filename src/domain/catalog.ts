import { array, integer, max, min, nonempty, number, object, optional, refine, size, string, type Infer } from 'superstruct';

/** A price in reais: finite, non-negative, at most two decimal places (centavos). */
export const Price = refine(min(number(), 0), 'Price', (value) =>
  Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
    ? true
    : 'price must be a finite amount in reais with at most two decimals',
);

export const ProductId = size(nonempty(string()), 1, 100);

export const ProductStruct = object({
  id: ProductId,
  name: size(nonempty(string()), 1, 200),
  imageUrl: nonempty(string()),
  price: Price,
  /** A short pt-BR text for the product page; documents without it stay valid. */
  description: optional(size(string(), 1, 1000)),
});
export type Product = Infer<typeof ProductStruct>;

export const CategoryId = size(nonempty(string()), 1, 100);

export const CategoryStruct = object({
  id: CategoryId,
  displayName: nonempty(string()),
  imageUrl: nonempty(string()),
  name: nonempty(string()),
  products: array(ProductStruct),
});
export type Category = Infer<typeof CategoryStruct>;

/**
 * The catalog at scale (docs/adapters.md, "Catalog at scale"): `products/{productId}` is the source of truth
 * for every product, with its category, its place in that category's list and a search key. A category
 * document keeps the spec's fields with the first CATEGORY_PREVIEW_LIMIT products by position.
 */
export const ProductDocumentStruct = object({
  ...ProductStruct.schema,
  categoryId: CategoryId,
  /** The product's order inside its category (the spec's order: its index in the category's products list). */
  position: min(integer(), 0),
  /** searchNameOf(name): for prefix queries and the search index. */
  searchName: size(string(), 1, 200),
});
export type ProductDocument = Infer<typeof ProductDocumentStruct>;

/** Products a category document carries inline (home, /explore and a category's first screen read only these). */
export const CATEGORY_PREVIEW_LIMIT = 24;

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
export function productOfDocument({ categoryId: _categoryId, position: _position, searchName: _searchName, ...product }: ProductDocument): Product {
  return product;
}

/** A category's `products` documents: position = index in the category's list. */
export function productDocumentsOf(category: Category): ProductDocument[] {
  return category.products.map((product, position) => productDocumentOf(product, category.id, position));
}

/** A category document's fields: the spec's, with the first CATEGORY_PREVIEW_LIMIT products, and the count. */
export function categoryDocumentOf(category: Category): Category & { productCount: number } {
  return { ...category, products: category.products.slice(0, CATEGORY_PREVIEW_LIMIT), productCount: category.products.length };
}

/** Limits that the storefront and the backend share (the backend rejects anything beyond them). */
export const MAX_QUANTITY_PER_LINE = 99;
export const MAX_CART_LINES = 100;

export const Quantity = max(min(integer(), 1), MAX_QUANTITY_PER_LINE);

/** A cart line is the product itself plus its quantity (SPEC §3: "In the cart it also has quantity"). */
export const CartItemStruct = object({
  id: ProductId,
  name: ProductStruct.schema.name,
  imageUrl: ProductStruct.schema.imageUrl,
  price: Price,
  quantity: Quantity,
});
export type CartItem = Infer<typeof CartItemStruct>;

export const CartStruct = size(array(CartItemStruct), 0, MAX_CART_LINES);

/** Home grid: 5 tiles. Explore: 4 products per category. (SPEC §9) */
export const HOME_TILE_LIMIT = 5;
export const EXPLORE_PRODUCTS_PER_CATEGORY = 4;

/** "Você também pode gostar": other products of the same category on a product page. */
export const RELATED_PRODUCTS_LIMIT = 4;

export interface ProductInCategory {
  product: Product;
  category: Category;
  /** Up to RELATED_PRODUCTS_LIMIT other products of the category, in catalog order. */
  related: Product[];
}

/**
 * Finds a product through its category, in categories read whole (SPEC §3: products live inside category
 * documents). The first category holding the id wins. A large catalog reads `getProduct` instead.
 */
export function findProduct(categories: readonly Category[], productId: string): ProductInCategory | null {
  for (const category of categories) {
    const product = category.products.find((candidate) => candidate.id === productId);
    if (product) {
      const related = category.products.filter((other) => other.id !== productId).slice(0, RELATED_PRODUCTS_LIMIT);
      return { product, category, related };
    }
  }
  return null;
}
