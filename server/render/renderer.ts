// Catalog pages rendered on request (docs/requirements.md#catalog-pages): a /product/<id> or /category/<id> the build did not prerender is
// rendered here from a bounded read (server/render/pageSource.ts) with the same React render and HTML assembly as
// the build (server/render/pageHtml.ts), into the build's own app shell (hashed bundles) read from distDir.
// An unknown id answers 404 with the build's 404.html; a malformed document 500 and an unreachable Firestore 503,
// each with a short pt-BR page and never cached, so the CDN and crawlers come back instead of dropping the URL.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { BootData } from '../../src/bootData';
import { BOOT_DATA_ID } from '../../src/bootData';
import {
  EXPLORE_PRODUCTS_PER_CATEGORY,
  findProduct,
  MalformedDocumentError,
  RELATED_PRODUCTS_LIMIT,
  type Category,
} from '../../src/domain';
import { categoryPath, productPath } from '../../src/ui/paths';
import { categoryMeta, productMeta, SHOP_NAME } from '../../src/ui/seo';
import { pageHtml } from './pageHtml';
import type { PageSource } from './pageSource';

/** Shared caches (Hosting's CDN) keep a page 5 minutes and serve it stale for a day while one request refreshes it. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';
/** A 404 is kept a minute: a product created just after someone asked for it shows soon. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
export const ERROR_CACHE_CONTROL = 'no-store';
export const APP_SHELL_FILE = 'app-shell.html';
export const NOT_FOUND_FILE = '404.html';

export interface PageAnswer {
  status: 200 | 404 | 500 | 503;
  cacheControl: string;
  html: string;
}

export interface PageRendererOptions {
  /** The build's dist directory: app-shell.html (or a not yet prerendered index.html) and 404.html. */
  distDir: string;
  /** The shop's public origin, for canonical and Open Graph URLs. */
  origin: string;
  source: PageSource;
  /** Rendered answers kept in memory: at most `max` pages, each for `ttlMs` (0: none). */
  cache?: { max: number; ttlMs: number };
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface PageRenderer {
  product(id: string): Promise<PageAnswer>;
  category(id: string): Promise<PageAnswer>;
}

/** Ids that cannot name a Firestore document (a decoded %2F, `.`, `..`, `__x__`) or a catalog id (over 100). */
const impossibleId = (id: string) =>
  id === '' || id.length > 100 || id.includes('/') || id === '.' || id === '..' || /^__.*__$/.test(id);

const errorPage = (title: string, message: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — ${SHOP_NAME}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p><p><a href="/">Voltar para o início</a></p></body></html>`;

const MALFORMED = errorPage(
  'Não foi possível mostrar esta página',
  'Os dados deste item estão com um problema. Já fomos avisados; tente novamente mais tarde.',
);
const UNAVAILABLE = errorPage(
  'Não foi possível carregar esta página',
  'Verifique sua conexão e tente novamente em instantes.',
);

/** A file of distDir, read again only when it changes (a new build into the same folder). */
function fileReader(path: string) {
  let kept: { mtimeMs: number; text: string } | null = null;
  return () => {
    const { mtimeMs } = statSync(path);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, text: readFileSync(path, 'utf8') };
    return kept.text;
  };
}

/** At most `max` answers, each for `ttlMs` on the injected clock, least recently used out first; 0 keeps none. */
export function answerCache(max: number, ttlMs: number, now: () => number) {
  if (max <= 0 || ttlMs <= 0) return { get: (_key: string): PageAnswer | undefined => undefined, set: () => {} };
  const entries = new LRUCache<string, PageAnswer>({ max, ttl: ttlMs, perf: { now }, ttlResolution: 0 });
  return {
    get: (key: string) => entries.get(key),
    set: (key: string, answer: PageAnswer) => void entries.set(key, answer),
  };
}

export function createPageRenderer({
  distDir,
  origin,
  source,
  cache,
  now = Date.now,
  log = () => {},
}: PageRendererOptions): PageRenderer {
  const shellFile = fileReader(join(distDir, APP_SHELL_FILE));
  const indexFile = fileReader(join(distDir, 'index.html'));
  const notFoundFile = fileReader(join(distDir, NOT_FOUND_FILE));
  // Parcel's empty shell: app-shell.html once the prerender kept it, index.html of a build not prerendered yet.
  const shell = () => {
    try {
      return shellFile();
    } catch {
      const index = indexFile();
      if (index.includes(`id="${BOOT_DATA_ID}"`))
        throw new Error(`${distDir} has a prerendered index.html but no ${APP_SHELL_FILE}`);
      return index;
    }
  };
  const answers = answerCache(cache?.max ?? 0, cache?.ttlMs ?? 0, now);
  const notFound = (): PageAnswer => ({ status: 404, cacheControl: NOT_FOUND_CACHE_CONTROL, html: notFoundFile() });

  // Stitches keeps one style sheet per process (reset before a render, read after it): one render at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  const render = (boot: BootData, meta: Parameters<typeof pageHtml>[1]['meta']) =>
    oneAtATime(() => pageHtml(shell(), { boot, meta }, origin));

  async function answer(key: string, work: () => Promise<PageAnswer>): Promise<PageAnswer> {
    const kept = answers.get(key);
    if (kept) return kept;
    try {
      const result = await work();
      answers.set(key, result);
      return result;
    } catch (error) {
      log(`[pages] ${key} could not be rendered`, error);
      // A malformed document is ours to fix (500); anything else is a read that may work again (503). Not kept.
      return error instanceof MalformedDocumentError
        ? { status: 500, cacheControl: ERROR_CACHE_CONTROL, html: MALFORMED }
        : { status: 503, cacheControl: ERROR_CACHE_CONTROL, html: UNAVAILABLE };
    }
  }

  // The stock the page is rendered with: its badges are in the HTML at once, and the storefront hydrates from the
  // same numbers before it reads them again (docs/requirements.md#stock).
  const boot = (
    path: string,
    categories: Category[],
    category: Category | null,
    stock: Record<string, number>,
  ): BootData => ({
    version: 1,
    path,
    notFound: false,
    catalog: { categories, category },
    stock,
  });

  return {
    product: (id) =>
      answer(productPath(id), async () => {
        if (impossibleId(id)) return notFound();
        const record = await source.product(id);
        if (!record) return notFound();
        const [category, first] = await Promise.all([
          source.category(record.categoryId),
          source.firstProducts(record.categoryId, RELATED_PRODUCTS_LIMIT + 1),
        ]);
        if (!category) {
          log(`[pages] product ${id} is in category ${record.categoryId}, which does not exist`, null);
          return notFound();
        }
        // The product and the ones "Você também pode gostar" shows (the first others by position), as the
        // build's snapshot of a product page holds them.
        const listed = first.map((other) => (other.product.id === id ? record : other));
        const records = listed.some((other) => other.product.id === id) ? listed : [...listed, record];
        const products = records.map((other) => other.product);
        const stock = Object.fromEntries(
          records.flatMap((other) => (other.stock === null ? [] : [[other.product.id, other.stock] as const])),
        );
        const snapshot = boot(productPath(id), [{ ...category, products }], null, stock);
        const found = findProduct(snapshot.catalog.categories, id)!;
        return {
          status: 200,
          cacheControl: PAGE_CACHE_CONTROL,
          html: await render(snapshot, productMeta(found, origin, record.stock ?? undefined)),
        };
      }),
    category: (id) =>
      answer(categoryPath(id), async () => {
        if (impossibleId(id)) return notFound();
        const [category, lowStock] = await Promise.all([source.category(id), source.lowStock(id)]);
        if (!category) return notFound();
        const list = [{ ...category, products: category.products.slice(0, EXPLORE_PRODUCTS_PER_CATEGORY) }];
        return {
          status: 200,
          cacheControl: PAGE_CACHE_CONTROL,
          html: await render(boot(categoryPath(id), list, category, lowStock), categoryMeta(category, origin)),
        };
      }),
  };
}
