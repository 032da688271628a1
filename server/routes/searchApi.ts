import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_QUERY_LENGTH } from '../../src/domain/limits';
import { MAX_SEARCH_RESULTS } from '../../src/adapters/search/searchPort';
import { HttpError, JSON_ERROR_RESPONSES } from '../plugins/httpErrors';
import type { ProductSearch } from '../adapters/search/productSearch';

/** `/search` is the storefront's results page on Hosting; the API lives under /api (firebase.json rewrites /api/**). */
export const SEARCH_ROUTE = '/api/search';

export const SEARCH_MESSAGES = {
  blank: 'Digite o que deseja buscar.',
  tooLong: `A busca pode ter no máximo ${MAX_QUERY_LENGTH} caracteres.`,
  limit: `O limite deve ser um número inteiro de 1 a ${MAX_SEARCH_RESULTS}.`,
  unavailable: 'A busca está temporariamente indisponível. Tente novamente.',
} as const;

/**
 * The query string: TypeBox validates without coercion, so `limit` arrives as text and is checked as digits.
 * `q` is bounded here in UTF-16 units (two per emoji) and in code points by the handler, as the field cuts it;
 * a missing or blank `q` is the handler's.
 */
export const SearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH * 2, errorMessage: SEARCH_MESSAGES.tooLong })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$', errorMessage: SEARCH_MESSAGES.limit })),
  },
  { errorMessage: SEARCH_MESSAGES.blank },
);
export const SearchAnswer = Type.Object({
  products: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      imageUrl: Type.String(),
      price: Type.Number(),
      categoryId: Type.String(),
    }),
    { maxItems: MAX_SEARCH_RESULTS },
  ),
});

/** GET /api/search?q=…&limit=…: the best products for `q` from the backend's index of the whole catalog. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ search: ProductSearch; cacheSeconds?: number }> = async (
  app,
  { search, cacheSeconds = 60 },
) => {
  app.get(
    SEARCH_ROUTE,
    { schema: { querystring: SearchQuery, response: { 200: SearchAnswer, ...JSON_ERROR_RESPONSES } } },
    async (request, reply) => {
      const { q = '', limit } = request.query;
      if (Array.from(q).length > MAX_QUERY_LENGTH) throw new HttpError(400, 'invalid_query', SEARCH_MESSAGES.tooLong);
      const term = q.trim();
      if (term === '') throw new HttpError(400, 'invalid_query', SEARCH_MESSAGES.blank);
      const count = limit === undefined ? MAX_SEARCH_RESULTS : Number(limit);
      if (count < 1 || count > MAX_SEARCH_RESULTS) throw new HttpError(400, 'invalid_query', SEARCH_MESSAGES.limit);
      let products;
      try {
        products = await search.search(term, count);
      } catch (error) {
        request.log.error({ err: error }, 'search index unavailable');
        throw new HttpError(503, 'unavailable', SEARCH_MESSAGES.unavailable);
      }
      // Hosting's CDN may answer repeats for a minute: the index itself is rebuilt every few minutes.
      reply.header('cache-control', `public, max-age=${cacheSeconds}, s-maxage=${cacheSeconds}`);
      return {
        products: products.map(({ id, name, imageUrl, price, categoryId }) => ({
          id,
          name,
          imageUrl,
          price,
          categoryId,
        })),
      };
    },
  );
};
