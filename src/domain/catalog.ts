import {
  array,
  integer,
  max,
  min,
  nonempty,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';

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
  /**
   * How many products the category has in the `products` collection, when its `products` list may be only a
   * preview (docs/adapters.md, "Catalog at scale"); absent on the plain category documents of docs/requirements.md#data.
   */
  productCount: optional(min(integer(), 0)),
});
export type Category = Infer<typeof CategoryStruct>;

/** Products a category document carries inline (home, /explore and a category's first screen read only these). */
export const CATEGORY_PREVIEW_LIMIT = 24;

/** The category's `products` are a preview: its count says the `products` collection holds more. */
export function listsPreviewOnly(category: { products: readonly unknown[]; productCount?: unknown }): boolean {
  return typeof category.productCount === 'number' && category.products.length < category.productCount;
}

/** Limits that the storefront and the backend share (the backend rejects anything beyond them). */
export const MAX_QUANTITY_PER_LINE = 99;
export const MAX_CART_LINES = 100;

export const Quantity = max(min(integer(), 1), MAX_QUANTITY_PER_LINE);

/** A cart line is the product itself plus its quantity (docs/requirements.md#data). */
export const CartItemStruct = object({
  id: ProductId,
  name: ProductStruct.schema.name,
  imageUrl: ProductStruct.schema.imageUrl,
  price: Price,
  quantity: Quantity,
});
export type CartItem = Infer<typeof CartItemStruct>;

export const CartStruct = size(array(CartItemStruct), 0, MAX_CART_LINES);

/** Home grid: 5 tiles. Explore: 4 products per category. (docs/requirements.md#limits) */
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
 * Finds a product through its category, in categories read whole (docs/requirements.md#data: products live inside category
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
