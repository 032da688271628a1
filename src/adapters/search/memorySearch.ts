import type { Category } from '../../domain';
import { searchTerm } from '../../domain/search';
import { buildSearchIndex } from '../../domain/searchIndex';
import { SearchAbortedError, searchLimit, type SearchPort } from './searchPort';

/**
 * SearchPort over the catalog the storefront holds: the same index the search machine builds on the shopper's
 * device (src/domain/searchIndex.ts), built once per catalog. `categories` may be a function, for a catalog that
 * changes (each new array is indexed again).
 */
export function memorySearch(
  categories: readonly Category[] | (() => readonly Category[]),
): SearchPort & { readonly searches: string[] } {
  const current = typeof categories === 'function' ? categories : () => categories;
  let built: { from: readonly Category[]; index: ReturnType<typeof buildSearchIndex> } | null = null;
  const searches: string[] = [];
  return {
    searches,
    async search(term, options = {}) {
      if (options.signal?.aborted) throw new SearchAbortedError({ cause: options.signal.reason });
      const words = searchTerm(term);
      if (words === '') return [];
      searches.push(words);
      const from = current();
      if (built?.from !== from) built = { from, index: buildSearchIndex(from) };
      return built.index.search(words, searchLimit(options.limit));
    },
  };
}
