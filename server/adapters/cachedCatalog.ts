import type { Category, Product } from '../../src/domain';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';

export interface PriceBook {
  /** Every product by id, from a catalog read no older than the TTL. */
  products(): Promise<ReadonlyMap<string, Product>>;
  /** The category id of every product (its parcel weight comes from it), from the same read. */
  categories(): Promise<ReadonlyMap<string, string>>;
}

interface CatalogIndex {
  products: ReadonlyMap<string, Product>;
  categories: ReadonlyMap<string, string>;
}

/**
 * The server's view of prices: the whole catalog, read through CatalogPort and kept in memory for `ttlMs`
 * so a checkout does not cost a catalog read. Concurrent misses share one read; a failed read is not cached.
 */
export function createPriceBook(
  catalog: CatalogPort,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): PriceBook {
  let cached: { at: number; index: CatalogIndex } | null = null;
  let inFlight: Promise<CatalogIndex> | null = null;
  const index = async (): Promise<CatalogIndex> => {
    if (cached && now() - cached.at < ttlMs) return cached.index;
    if (!inFlight) {
      const startedAt = now();
      inFlight = catalog
        .listCategories()
        .then((categories) => {
          const fresh = { products: indexProducts(categories), categories: indexCategories(categories) };
          cached = { at: startedAt, index: fresh };
          return fresh;
        })
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  };
  return {
    products: async () => (await index()).products,
    categories: async () => (await index()).categories,
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

/** Each product's category id, first listing wins (as for its price). */
export function indexCategories(categories: readonly Category[]): ReadonlyMap<string, string> {
  const categoryOf = new Map<string, string>();
  for (const category of categories) {
    for (const product of category.products) {
      if (!categoryOf.has(product.id)) categoryOf.set(product.id, category.id);
    }
  }
  return categoryOf;
}
