import { MAX_QUANTITY_PER_LINE, type CartItem, type Product } from './catalog';
import { toCentavos } from './money';

// Pure cart arithmetic. Every function returns a new array and never mutates its input.

/** Number of items in the cart: the sum of quantities (what the header's cart button shows). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Cart total in reais, summed in whole centavos so 0.1 + 0.2 never shows as 0.30000000000000004. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + toCentavos(item.price) * item.quantity, 0) / 100;
}

/** Line total in reais (price × quantity), in whole centavos. */
export function lineTotal(item: CartItem): number {
  return (toCentavos(item.price) * item.quantity) / 100;
}

/** Add one unit: +1 if the product is already in the cart, otherwise a new line with quantity 1. */
export function addProduct(items: readonly CartItem[], product: Product): CartItem[] {
  const existing = items.find((item) => item.id === product.id);
  if (existing) return increaseQuantity(items, product.id);
  const { id, name, imageUrl, price } = product;
  return [...items, { id, name, imageUrl, price, quantity: 1 }];
}

/** +1 on one line, capped at the per-line maximum the backend accepts. */
export function increaseQuantity(items: readonly CartItem[], productId: string): CartItem[] {
  return items.map((item) =>
    item.id === productId ? { ...item, quantity: Math.min(item.quantity + 1, MAX_QUANTITY_PER_LINE) } : item,
  );
}

/** −1 on one line; a line reaching 0 is removed. */
export function decreaseQuantity(items: readonly CartItem[], productId: string): CartItem[] {
  return items.flatMap((item) => {
    if (item.id !== productId) return [item];
    return item.quantity > 1 ? [{ ...item, quantity: item.quantity - 1 }] : [];
  });
}

export function removeProduct(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((item) => item.id !== productId);
}
