// What the shopper typed, made safe to search and to put in a URL. Shared by the search bar (entry bundle)
// and the lazy index (src/domain/searchIndex.ts), so it stays tiny and imports only the limits.
import { MAX_QUERY_LENGTH } from './limits';

export { MAX_QUERY_LENGTH };

/** The query as the field keeps it: at most MAX_QUERY_LENGTH code points, spaces as typed. */
export function limitQuery(raw: string): string {
  // Array.from walks code points; slicing UTF-16 units could leave a lone surrogate that encodeURIComponent rejects.
  return Array.from(raw).slice(0, MAX_QUERY_LENGTH).join('');
}

/** The words to search for: the limited query without surrounding spaces ('' means "nothing to search"). */
export function searchTerm(raw: string): string {
  return limitQuery(raw).trim();
}

/** pt-BR result count: "1 produto para “tenis”", "3 produtos para “tenis”". */
export function resultCountText(count: number, term: string): string {
  return `${count} ${count === 1 ? 'produto' : 'produtos'} para “${term}”`;
}
