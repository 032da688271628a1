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
