// The cart against the stock (docs/requirements.md#stock): a line never asks for more units than are left, and
// a line whose product ran out stays in the cart, marked, but out of the order. Pure: each function returns a
// new array. Stock not known for a product (untracked, or not read yet) caps nothing.
import { addProduct, increaseQuantity } from './cart';
import type { CartItem, Product } from './catalog';
import type { StockByProduct } from './stock';

/** A line's quantity lowered to the units left; a sold-out line keeps its quantity (it is marked, not changed). */
export function capToStock(items: readonly CartItem[], stock: StockByProduct): CartItem[] {
  return items.map((item) => {
    const units = stock[item.id];
    return units !== undefined && units > 0 && item.quantity > units ? { ...item, quantity: units } : item;
  });
}

/** Adds one unit, unless the product is sold out or its line already holds every unit left. */
export function addWithinStock(items: readonly CartItem[], product: Product, stock: StockByProduct): CartItem[] {
  const units = stock[product.id];
  const line = items.find((item) => item.id === product.id);
  if (units !== undefined && (line?.quantity ?? 0) >= units) return [...items];
  return addProduct(items, product);
}

/** +1 on one line, unless it already holds every unit left. */
export function increaseWithinStock(items: readonly CartItem[], productId: string, stock: StockByProduct): CartItem[] {
  const units = stock[productId];
  const line = items.find((item) => item.id === productId);
  if (units !== undefined && line !== undefined && line.quantity >= units) return [...items];
  return increaseQuantity(items, productId);
}

/** Whether the product of this line has run out. */
export function isSoldOut(item: CartItem, stock: StockByProduct): boolean {
  return stock[item.id] === 0;
}

/** The line holds every unit left (and some are): "Só temos N unidades", and no more can be added. */
export function isAtStockLimit(item: CartItem, stock: StockByProduct): boolean {
  const units = stock[item.id];
  return units !== undefined && units > 0 && item.quantity >= units;
}

/** The lines that go with the order: every line but the sold-out ones. */
export function orderableItems(items: readonly CartItem[], stock: StockByProduct): CartItem[] {
  return items.filter((item) => !isSoldOut(item, stock));
}

/** The lines left out of the order because their product ran out. */
export function soldOutItems(items: readonly CartItem[], stock: StockByProduct): CartItem[] {
  return items.filter((item) => isSoldOut(item, stock));
}
