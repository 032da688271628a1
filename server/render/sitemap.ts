// Sitemaps at any catalog size (sitemaps.org): /sitemap.xml is an index of sitemaps of at most 50,000 URLs each,
// the protocol's limit. One for the static pages and the categories, then the products in document-id order,
// each sitemap one cursor page: /sitemaps/products.xml starts at the first product, /sitemaps/products.xml?after=<id>
// after that id. The index finds each page's cursor by walking the product ids (ids only, no fields).
import { escapeHtml } from '../../src/domain/escapeHtml';
import { categoryPath, paths, productPath } from '../../src/ui/paths';

/** The protocol's limit of URLs per sitemap. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const PRODUCTS_SITEMAP_PATH = '/sitemaps/products.xml';

/** What the sitemaps read: every category id, and product ids in document-id order, a page at a time. */
export interface SitemapSource {
  categoryIds(): Promise<string[]>;
  /** Up to `limit` product ids after `after` (null: from the first), ordered by document id. */
  productIds(after: string | null, limit: number): Promise<string[]>;
}

const absolute = (origin: string, path: string) => escapeHtml(new URL(path, origin).href);

export function urlsetXml(locations: readonly string[]): string {
  const urls = locations.map((loc) => `  <url><loc>${loc}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: readonly string[]): string {
  const sitemaps = locations.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

export const productsSitemapPath = (after: string | null) =>
  after === null ? PRODUCTS_SITEMAP_PATH : `${PRODUCTS_SITEMAP_PATH}?after=${encodeURIComponent(after)}`;

export interface Sitemaps {
  index(): Promise<string>;
  pages(): Promise<string>;
  products(after: string | null): Promise<string>;
}

export function createSitemaps({
  source,
  origin,
  pageSize = SITEMAP_URL_LIMIT,
}: {
  source: SitemapSource;
  origin: string;
  pageSize?: number;
}): Sitemaps {
  if (pageSize < 1 || pageSize > SITEMAP_URL_LIMIT)
    throw new RangeError(`a sitemap holds 1 to ${SITEMAP_URL_LIMIT} URLs`);
  return {
    async index() {
      const locations = [absolute(origin, PAGES_SITEMAP_PATH)];
      // One sitemap per page of ids: its cursor is the last id of the page before.
      let after: string | null = null;
      for (;;) {
        const ids = await source.productIds(after, pageSize);
        if (ids.length === 0) break;
        locations.push(absolute(origin, productsSitemapPath(after)));
        if (ids.length < pageSize) break;
        after = ids.at(-1)!;
      }
      return sitemapIndexXml(locations);
    },
    async pages() {
      // The home page, /explore and every category (far fewer than the limit).
      const categories = (await source.categoryIds()).slice(0, SITEMAP_URL_LIMIT - 2);
      return urlsetXml(
        [paths.home, paths.explore, ...categories.map(categoryPath)].map((path) => absolute(origin, path)),
      );
    },
    async products(after) {
      const ids = await source.productIds(after, pageSize);
      return urlsetXml(ids.map((id) => absolute(origin, productPath(id))));
    },
  };
}
