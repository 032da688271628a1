import { LRUCache } from 'lru-cache';
import {
  brasiliaDay,
  parcelWeightGrams,
  parseCep,
  quoteDelivery,
  type ParcelLine,
  type QuoteResult,
} from '../src/domain/delivery';
import type { LineItem } from './payments/paymentsPort';

/**
 * Quotes by (CEP, weight, products total, Brasília day): everything a quote depends on, so a hit is the quote
 * itself. The windows' holiday-aware business-day arithmetic is most of a quote's cost (about 40 µs, against about
 * 100 µs for the rest of a checkout request); shoppers of one region on one day share a handful of entries.
 * The least recently used quote leaves when it is full.
 */
const quotes = new LRUCache<string, QuoteResult>({ max: 2_000 });

/**
 * The backend's quote: the priced lines (our prices) with each product's category from our catalog (its weight).
 * A product no longer in the catalog ships at the default weight rather than blocking the order. The answer is
 * shared by the requests that hit the cache: read it, do not change it.
 */
export function quoteForLines(
  cep: string,
  lineItems: readonly LineItem[],
  categories: ReadonlyMap<string, string>,
  now: number,
): QuoteResult {
  const lines: ParcelLine[] = lineItems.map((line) => ({
    categoryId: categories.get(line.productId) ?? null,
    quantity: line.quantity,
    unitAmount: line.unitAmount,
  }));
  const parsed = parseCep(cep);
  if (!parsed.ok) return parsed;
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const key = `${parsed.cep}|${parcelWeightGrams(lines)}|${subtotal}|${brasiliaDay(now)}|${lines.length}`;
  const cached = quotes.get(key);
  if (cached) return cached;
  const result = quoteDelivery({ cep: parsed.cep, lines, now });
  if (result.ok) {
    // Frozen: a caller changing a shared quote would change it for every later hit.
    for (const option of result.quote.options)
      Object.freeze(
        Object.assign(option, {
          businessDays: Object.freeze(option.businessDays),
          window: Object.freeze(option.window),
        }),
      );
    Object.freeze(result.quote.options);
    Object.freeze(result.quote);
  }
  quotes.set(key, result);
  return result;
}
