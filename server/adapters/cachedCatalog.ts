import type { Category, Product } from '../../src/domain';
import type { CatalogPort } from '../../src/adapters/catalog/port';

export interface PriceBook {
  /** Every product by id, from a catalog read no older than the TTL. */
  products(): Promise<ReadonlyMap<string, Product>>;
}

/**
 * The server's view of prices: the whole catalog, read through CatalogPort and kept in memory for `ttlMs`
 * so a checkout does not cost a catalog read. Concurrent misses share one read; a failed read is not cached.
 */
export function createPriceBook(catalog: CatalogPort, { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): PriceBook {
  let cached: { at: number; products: ReadonlyMap<string, Product> } | null = null;
  let inFlight: Promise<ReadonlyMap<string, Product>> | null = null;
  return {
    async products() {
      if (cached && now() - cached.at < ttlMs) return cached.products;
      if (!inFlight) {
        const startedAt = now();
        inFlight = catalog
          .listCategories()
          .then((categories) => {
            const products = indexProducts(categories);
            cached = { at: startedAt, products };
            return products;
          })
          .finally(() => {
            inFlight = null;
          });
      }
      return inFlight;
    },
  };
}

/** A product listed in several categories must carry one price; the first listing wins otherwise. */
export function indexProducts(categories: readonly Category[]): ReadonlyMap<string, Product> {
  const products = new Map<string, Product>();
  for (const category of categories) {
    for (const product of category.products) {
      if (!products.has(product.id)) products.set(product.id, product);
    }
  }
  return products;
}
