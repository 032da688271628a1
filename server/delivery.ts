import { quoteDelivery, type ParcelLine, type QuoteResult } from '../src/domain/delivery';
import type { LineItem } from './payments/port';

/**
 * The backend's quote: the priced lines (our prices) with each product's category from our catalog (its weight).
 * A product no longer in the catalog ships at the default weight rather than blocking the order.
 */
export function quoteForLines(cep: string, lineItems: readonly LineItem[], categories: ReadonlyMap<string, string>, now: number): QuoteResult {
  const lines: ParcelLine[] = lineItems.map((line) => ({
    categoryId: categories.get(line.productId) ?? null,
    quantity: line.quantity,
    unitAmount: line.unitAmount,
  }));
  return quoteDelivery({ cep, lines, now });
}
