import { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { Product } from '../../domain';
import { searchTerm } from '../../domain/search';
import {
  SEARCH_API_PATH,
  SearchAbortedError,
  SearchUnavailableError,
  searchLimit,
  type SearchPort,
} from './searchPort';

/**
 * SearchPort over our backend's index of the whole catalog: GET <prefixUrl>/api/search?q=…&limit=… →
 * `{ products: [{ id, name, imageUrl, price, categoryId }] }`. No retry (the next keystroke is the retry); an
 * aborted signal cancels the request.
 */
export function createHttpSearch({ http, timeoutMs = 10_000 }: { http: KyInstance; timeoutMs?: number }): SearchPort {
  return {
    async search(term, options = {}) {
      if (options.signal?.aborted) throw new SearchAbortedError({ cause: options.signal.reason });
      const words = searchTerm(term);
      if (words === '') return [];
      let body: unknown;
      try {
        const response = await http.get(SEARCH_API_PATH, {
          searchParams: { q: words, limit: searchLimit(options.limit) },
          timeout: timeoutMs,
          retry: 0,
          signal: options.signal,
        });
        body = await response.json().catch((error: unknown) => {
          throw new SearchUnavailableError('invalid-response', 'the answer is not JSON', {
            cause: error,
            status: response.status,
          });
        });
      } catch (error) {
        if (error instanceof SearchUnavailableError) throw error;
        if (options.signal?.aborted) throw new SearchAbortedError({ cause: error });
        if (error instanceof HTTPError)
          throw new SearchUnavailableError('http', `the backend answered ${error.response.status}`, {
            cause: error,
            status: error.response.status,
          });
        if (error instanceof TimeoutError)
          throw new SearchUnavailableError('timeout', `no answer in ${timeoutMs} ms`, { cause: error });
        throw new SearchUnavailableError('network', error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      return productsOf(body);
    },
  };
}

/** The answer's products, as the storefront's Product; anything else in the answer is refused whole. */
function productsOf(body: unknown): Product[] {
  const list = typeof body === 'object' && body !== null ? (body as { products?: unknown }).products : undefined;
  if (!Array.isArray(list)) throw new SearchUnavailableError('invalid-response', 'the answer carries no products list');
  return list.map((item: unknown) => {
    const { id, name, imageUrl, price } = (item ?? {}) as Record<string, unknown>;
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      typeof imageUrl !== 'string' ||
      typeof price !== 'number' ||
      !Number.isFinite(price)
    ) {
      throw new SearchUnavailableError('invalid-response', 'a product of the answer is malformed');
    }
    return { id, name, imageUrl, price };
  });
}
