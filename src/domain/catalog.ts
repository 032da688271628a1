import { array, integer, max, min, nonempty, number, object, refine, size, string, type Infer } from 'superstruct';

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
});
export type Product = Infer<typeof ProductStruct>;

export const CategoryStruct = object({
  id: size(nonempty(string()), 1, 100),
  displayName: nonempty(string()),
  imageUrl: nonempty(string()),
  name: nonempty(string()),
  products: array(ProductStruct),
});
export type Category = Infer<typeof CategoryStruct>;

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
