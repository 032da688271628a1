import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  answerCache,
  createPageRenderer,
  ERROR_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  type PageAnswer,
} from '../render/renderer';
import {
  createSitemaps,
  PAGES_SITEMAP_PATH,
  PRODUCTS_SITEMAP_PATH,
  SITEMAP_INDEX_PATH,
  SITEMAP_URL_LIMIT,
} from '../render/sitemap';
import type { PageSource } from '../render/pageSource';
import { ErrorBodySchema } from '../plugins/httpErrors';
import { securityHeadersFor } from '../plugins/securityHeaders';

export interface PagesRoutesOptions {
  /** The build's dist directory (its app shell and 404.html). */
  distDir: string;
  /** The shop's public origin (canonical URLs, sitemap locations). */
  origin: string;
  source: PageSource;
  /** Rendered pages and sitemaps kept in memory (per instance, in front of the CDN's cache). */
  cache?: { max: number; ttlMs: number };
  /** URLs per sitemap (the protocol's 50,000; tests lower it). */
  sitemapPageSize?: number;
  now?: () => number;
}

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * The route schemas. A page is HTML whatever its status (the build's 404.html, a pt-BR error page) and a sitemap
 * XML or, while the catalog cannot be read, a pt-BR text; what the app-wide plugins refuse (the per-IP limit)
 * is their JSON error.
 */
const Id = Type.Object({ id: Type.String() });
const Html = Type.String({ description: HTML });
const PAGE_RESPONSES = { 200: Html, 404: Html, '4xx': ErrorBodySchema, '5xx': Type.Union([Html, ErrorBodySchema]) };
const SITEMAP_RESPONSES = {
  200: Type.String({ description: XML }),
  '4xx': ErrorBodySchema,
  '5xx': Type.Union([Type.String({ description: TEXT }), ErrorBodySchema]),
};
const ProductsSitemapQuery = Type.Object({ after: Type.Optional(Type.String({ minLength: 1, maxLength: 1500 })) });
// The backend's own headers are for its JSON and the payment page (a CSP of default-src 'none' would block the
// shop's scripts): a storefront page gets the storefront's, which Hosting (or the local static server) adds
// from firebase.json, as for a prerendered file.
const BACKEND_ONLY_HEADERS = Object.keys(securityHeadersFor({ storefrontOrigin: 'http://localhost' })).filter(
  (name) => name !== 'x-content-type-options',
);

function send(
  reply: FastifyReply,
  type: string,
  answer: PageAnswer | { status: number; cacheControl: string; body: string },
) {
  for (const name of BACKEND_ONLY_HEADERS) void reply.removeHeader(name);
  return reply
    .code(answer.status)
    .header('cache-control', answer.cacheControl)
    .type(type)
    .send('html' in answer ? answer.html : answer.body);
}

/**
 * GET /product/:id and /category/:id rendered on request (server/render/renderer.ts), the sitemap index
 * /sitemap.xml and its sitemaps (server/render/sitemap.ts). Hosting sends here only what it has no file for.
 */
export const pagesRoutes: FastifyPluginAsyncTypebox<PagesRoutesOptions> = async (app, options) => {
  const renderer = createPageRenderer({
    distDir: options.distDir,
    origin: options.origin,
    source: options.source,
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.now ? { now: options.now } : {}),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const sitemaps = createSitemaps({
    source: options.source,
    origin: options.origin,
    pageSize: options.sitemapPageSize ?? SITEMAP_URL_LIMIT,
  });
  const kept = answerCache(options.cache?.max ?? 0, options.cache?.ttlMs ?? 0, options.now ?? Date.now);

  app.get('/product/:id', { schema: { params: Id, response: PAGE_RESPONSES } }, async (request, reply) =>
    send(reply, HTML, await renderer.product(request.params.id)),
  );
  app.get('/category/:id', { schema: { params: Id, response: PAGE_RESPONSES } }, async (request, reply) =>
    send(reply, HTML, await renderer.category(request.params.id)),
  );

  async function sitemap(reply: FastifyReply, key: string, make: () => Promise<string>) {
    let answer = kept.get(key);
    if (!answer) {
      try {
        answer = { status: 200, cacheControl: PAGE_CACHE_CONTROL, html: await make() };
        kept.set(key, answer);
      } catch (error) {
        app.log.error({ err: error }, `[sitemaps] ${key} could not be read`);
        return send(reply, TEXT, {
          status: 503,
          cacheControl: ERROR_CACHE_CONTROL,
          body: 'Sitemap temporariamente indisponível.',
        });
      }
    }
    return send(reply, XML, answer);
  }
  const sitemapSchema = { response: SITEMAP_RESPONSES };
  app.get(SITEMAP_INDEX_PATH, { schema: sitemapSchema }, async (_request, reply) =>
    sitemap(reply, SITEMAP_INDEX_PATH, () => sitemaps.index()),
  );
  app.get(PAGES_SITEMAP_PATH, { schema: sitemapSchema }, async (_request, reply) =>
    sitemap(reply, PAGES_SITEMAP_PATH, () => sitemaps.pages()),
  );
  app.get(
    PRODUCTS_SITEMAP_PATH,
    { schema: { querystring: ProductsSitemapQuery, response: SITEMAP_RESPONSES } },
    async (request, reply) => {
      const after = request.query.after ?? null;
      return sitemap(reply, `${PRODUCTS_SITEMAP_PATH}?${after ?? ''}`, () => sitemaps.products(after));
    },
  );
};
