// Stock (docs/requirements.md#stock): how many units of a product can still be sold. The source of truth is
// `products/{id}.stock`, written only by the seed and the backend (reservations, releases, refunds); the
// storefront reads it and shows what it means for the shopper. Not re-exported from the domain index: the
// words and rules below are read by the pages and the backend that need them.
import { integer, min } from 'superstruct';

/** A whole number of units, never negative: a reservation that would go below 0 is refused instead. */
export const StockUnits = min(integer(), 0);

/** At this many units or fewer a product shows "Últimas unidades". */
export const LOW_STOCK_THRESHOLD = 3;

/**
 * What a stock count means for the shopper. `untracked`: the product document has no stock field (a catalog
 * seeded before stock existed); it is sold as before, with no badge and no cap.
 */
export type StockLevel = 'untracked' | 'soldOut' | 'low' | 'available';

export function stockLevel(stock: number | null | undefined): StockLevel {
  if (stock === null || stock === undefined) return 'untracked';
  if (stock <= 0) return 'soldOut';
  if (stock <= LOW_STOCK_THRESHOLD) return 'low';
  return 'available';
}

/** "1 unidade", "2 unidades". */
export function unitsText(units: number): string {
  return units === 1 ? '1 unidade' : `${units} unidades`;
}

export const STOCK_MESSAGES = {
  soldOut: 'Esgotado',
  low: 'Últimas unidades',
  /** The cart's cap on a line: "Só temos 2 unidades". */
  onlyLeft: (units: number) => `Só temos ${unitsText(units)}`,
  /** A cart line whose product ran out, left out of the checkout. */
  soldOutLine: (name: string) => `${name} esgotou e ficou fora do pedido.`,
  /** The backend's 409 when a line asks for more than is left. */
  notEnough: (name: string, left: number) =>
    left <= 0
      ? `${name} esgotou. Remova o produto do carrinho para continuar.`
      : `Só temos ${unitsText(left)} de ${name}. Ajuste a quantidade no carrinho para continuar.`,
} as const;

/** Units known per product id. A product not in it is untracked, or its stock has not been read. */
export type StockByProduct = Readonly<Record<string, number>>;

/** What a read of some products answers: each id asked, with its units or null (no stock field, or no document). */
export type StockAnswer = Readonly<Record<string, number | null>>;

/** Products of each category asked for with LOW_STOCK_THRESHOLD units or fewer: category id → product id → units. */
export type LowStockAnswer = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** The level of one product in what is known (untracked when it is not there). */
export function stockLevelOf(stock: StockByProduct, productId: string): StockLevel {
  return stockLevel(stock[productId]);
}

/** `known` with a read of some products: their units replaced, and those without stock forgotten. */
export function withStockAnswer(known: StockByProduct, answer: StockAnswer): StockByProduct {
  const next: Record<string, number> = { ...known };
  for (const [productId, units] of Object.entries(answer)) {
    if (units === null) delete next[productId];
    else next[productId] = units;
  }
  return next;
}

/**
 * `known` with a low-stock read of some categories. `lowBefore` holds the ids each category's last such read
 * answered: one it no longer answers has more units now (or none tracked), so its count is forgotten. Answers
 * what is known and the ids to remember for each category.
 */
export function withLowStock(
  known: StockByProduct,
  lowBefore: Readonly<Record<string, readonly string[]>>,
  answer: LowStockAnswer,
): { stock: StockByProduct; lowIn: Record<string, string[]> } {
  const next: Record<string, number> = { ...known };
  const lowIn: Record<string, string[]> = Object.fromEntries(
    Object.entries(lowBefore).map(([categoryId, ids]) => [categoryId, [...ids]]),
  );
  for (const [categoryId, units] of Object.entries(answer)) {
    for (const productId of lowBefore[categoryId] ?? []) if (!(productId in units)) delete next[productId];
    Object.assign(next, units);
    lowIn[categoryId] = Object.keys(units);
  }
  return { stock: next, lowIn };
}
