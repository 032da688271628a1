import { performance } from 'node:perf_hooks';
import { createProductIndex, type ProductIndex } from '../../../src/domain/searchIndex';
import type { ProductSource, SearchProduct } from './searchSource';

/** Products read per Firestore query while building: 1,000 keeps each answer near 300 KB. */
export const SEARCH_PAGE_SIZE = 1_000;
/**
 * How old the index may be before a search starts a rebuild (the search is answered from the current index
 * meanwhile). Built on demand rather than on a timer: an instance nobody searches reads nothing, and Cloud
 * Functions throttles the CPU of an idle instance anyway (docs/searching.md).
 */
export const SEARCH_INDEX_MAX_AGE_MS = 10 * 60_000;

export interface IndexStats {
  size: number;
  /** When the index in use finished building (epoch ms), or null before the first build. */
  builtAt: number | null;
  buildMs: number | null;
  building: boolean;
}

export interface ProductSearch {
  /** Resolves when the first index is in place (rejects if that build failed; the next call tries again). */
  ready(): Promise<void>;
  /** The best `limit` products for `term`; waits for the first build, starts a rebuild when the index is old. */
  search(term: string, limit: number): Promise<SearchProduct[]>;
  /** Rebuilds now (one at a time: a call during a build waits for that build). */
  refresh(): Promise<void>;
  stats(): IndexStats;
}

/**
 * The backend's index of the whole catalog, with the storefront's search rules (src/domain/searchIndex.ts). A
 * build reads every product page by page into a new index; the old one answers until the new one is complete.
 */
export function createProductSearch({
  source,
  pageSize = SEARCH_PAGE_SIZE,
  maxAgeMs = SEARCH_INDEX_MAX_AGE_MS,
  now = Date.now,
  log = (message: string, error: unknown) => console.error(message, error),
}: {
  source: ProductSource;
  pageSize?: number;
  maxAgeMs?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}): ProductSearch {
  let current: { index: ProductIndex<SearchProduct>; builtAt: number; buildMs: number } | null = null;
  let building: Promise<void> | null = null;

  const build = async () => {
    const started = performance.now();
    const names = await source.categoryNames();
    const index = createProductIndex<SearchProduct>();
    for await (const page of source.pages(pageSize)) {
      for (const product of page) index.add(product, names.get(product.categoryId) ?? '');
    }
    current = { index, builtAt: now(), buildMs: performance.now() - started };
  };
  const refresh = () =>
    (building ??= build().finally(() => {
      building = null;
    }));
  const ready = async () => {
    if (!current) await refresh();
  };

  return {
    ready,
    refresh,
    async search(term, limit) {
      await ready();
      if (now() - current!.builtAt >= maxAgeMs && !building) {
        // Answer from the index in use; a failed rebuild keeps it and is retried by a later search.
        refresh().catch((error: unknown) => log('[search] rebuilding the index failed', error));
      }
      return current!.index.search(term, limit);
    },
    stats: () => ({
      size: current?.index.size ?? 0,
      builtAt: current?.builtAt ?? null,
      buildMs: current?.buildMs ?? null,
      building: building !== null,
    }),
  };
}
