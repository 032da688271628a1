import { ClubError, listsPreviewOnly, type Category, type Product } from '../../domain';

/** The most results one search answers (the backend's cap; the local index is cut to the same number). */
export const MAX_SEARCH_RESULTS = 48;

/** The backend's search route (Hosting rewrites /api/** to the function; locally the backend serves it). */
export const SEARCH_API_PATH = 'api/search';

export interface SearchOptions {
  /** At most this many results (1–MAX_SEARCH_RESULTS); MAX_SEARCH_RESULTS when absent. */
  limit?: number;
  /** Aborted when the answer is no longer wanted (the shopper typed on): the request is cancelled. */
  signal?: AbortSignal;
}

/**
 * Products matching what the shopper typed, best first, with the shop's rules (src/domain/searchIndex.ts:
 * accents and case ignored, one typo forgiven in words of 4+ letters, prefixes, stop words). A blank term
 * answers [] without searching.
 */
export interface SearchPort {
  search(term: string, options?: SearchOptions): Promise<Product[]>;
}

export type SearchFailure = 'http' | 'timeout' | 'network' | 'invalid-response';

export class SearchUnavailableError extends ClubError {
  readonly reason: SearchFailure;
  readonly status: number | undefined;
  constructor(reason: SearchFailure, detail: string, options?: { cause?: unknown; status?: number }) {
    super(`search/${reason}`, `Search failed (${reason}): ${detail}`, options);
    this.reason = reason;
    this.status = options?.status;
  }
}

/** The search was abandoned through its signal: not a failure, nobody waits for it. */
export class SearchAbortedError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('search/aborted', 'Search aborted', options);
  }
}

/** A limit the port accepts: an integer from 1 to MAX_SEARCH_RESULTS, else the cap. */
export function searchLimit(limit: number | undefined): number {
  return limit !== undefined && Number.isInteger(limit) && limit >= 1 && limit <= MAX_SEARCH_RESULTS
    ? limit
    : MAX_SEARCH_RESULTS;
}

/**
 * Whether the storefront holds every product of the catalog: each category's `productCount` (the agreed model
 * for large catalogs) is absent or no more than the products it lists. Then the local index answers as the
 * backend would, and works offline; otherwise the backend's index of the whole catalog does.
 */
export function holdsWholeCatalog(
  categories: ReadonlyArray<Pick<Category, 'products'> & { productCount?: unknown }>,
): boolean {
  return !categories.some(listsPreviewOnly);
}
