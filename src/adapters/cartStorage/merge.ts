import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, type CartItem } from '../../domain';

/** One tab's change to the cart as signed quantity changes per product (the line as it was or became). */
export type CartDelta = Array<{ item: CartItem; quantity: number }>;

/** What changed from `before` to `after`, per product; lines that did not change are left out. */
export function cartDelta(before: readonly CartItem[], after: readonly CartItem[]): CartDelta {
  const delta: CartDelta = [];
  const was = new Map(before.map((item) => [item.id, item]));
  for (const item of after) {
    const change = item.quantity - (was.get(item.id)?.quantity ?? 0);
    if (change !== 0) delta.push({ item, quantity: change });
    was.delete(item.id);
  }
  for (const item of was.values()) delta.push({ item, quantity: -item.quantity });
  return delta;
}

/**
 * Applies another tab's change to this tab's cart. Quantity changes add up, so two adds made at the same
 * moment in two tabs both count, and a line removed there goes here too (removing 3 from a line of 3), unless
 * this tab added to it meanwhile. New lines go at the end; the per-line and line-count limits hold.
 */
export function applyCartDelta(items: readonly CartItem[], delta: CartDelta): CartItem[] {
  let next = [...items];
  for (const { item, quantity } of delta) {
    const index = next.findIndex((line) => line.id === item.id);
    const current = index < 0 ? 0 : next[index]!.quantity;
    const updated = Math.min(current + quantity, MAX_QUANTITY_PER_LINE);
    if (updated <= 0) next = next.filter((line) => line.id !== item.id);
    else if (index >= 0) next[index] = { ...next[index]!, quantity: updated };
    else if (next.length < MAX_CART_LINES) next.push({ ...item, quantity: updated });
  }
  return next;
}
