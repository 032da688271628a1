import type { ProductSource, SearchProduct } from './searchSource';

/** ProductSource over an in-memory catalog: tests and the bench put and remove products as a writer would. */
export function memoryProductSource({
  products = [],
  categories = {},
}: { products?: readonly SearchProduct[]; categories?: Record<string, string> } = {}) {
  const byId = new Map(products.map((product) => [product.id, product] as const));
  const names = new Map(Object.entries(categories));
  let failing = false;
  const source: ProductSource & {
    put(product: SearchProduct): void;
    remove(id: string): void;
    nameCategory(id: string, displayName: string): void;
    /** Every read fails while true (an outage). */
    failReads(fail: boolean): void;
    readonly pagesRead: number;
  } = {
    pagesRead: 0,
    put: (product) => void byId.set(product.id, product),
    remove: (id) => void byId.delete(id),
    nameCategory: (id, displayName) => void names.set(id, displayName),
    failReads: (fail) => void (failing = fail),
    async *pages(pageSize) {
      // Ordered by id, as the Firestore source reads by document id.
      const ids = [...byId.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (let start = 0; start < ids.length; start += pageSize) {
        if (failing) throw new Error('products unavailable');
        (source as { pagesRead: number }).pagesRead += 1;
        yield ids.slice(start, start + pageSize).flatMap((id) => (byId.has(id) ? [{ ...byId.get(id)! }] : []));
      }
    },
    async categoryNames() {
      if (failing) throw new Error('categories unavailable');
      return new Map(names);
    },
  };
  return source;
}
