// The build's second step (after Parcel): the catalog pages worth writing ahead as real HTML: /, /explore, every
// category and the first PRERENDER_PRODUCT_LIMIT products (categories in display order, each one's products in
// order), so the build's time does not grow with the catalog. Every other /product/<id> and /category/<id> is
// rendered on request by the backend (server/render/) with the same assembly (server/render/pageHtml.ts): the
// same <App> rendered by src/prerender.tsx into Parcel's shell, the page's stitches CSS inlined, its catalog
// snapshot embedded for hydration, and its head (title, description, canonical, Open Graph, JSON-LD). Also
// dist/404.html, dist/app-shell.html (Parcel's empty shell, for the other app routes) and robots.txt; the
// sitemaps are the backend's (server/render/sitemap.ts).
// A catalog that cannot be read, is empty or holds a malformed document fails the build, naming the document.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CatalogPort } from '../src/adapters/catalog/catalogPort';
import { BOOT_DATA_ID, type BootData } from '../src/bootData';
import {
  EXPLORE_PRODUCTS_PER_CATEGORY,
  findProduct,
  MalformedDocumentError,
  RELATED_PRODUCTS_LIMIT,
  type Category,
  type Product,
} from '../src/domain';
import { categoryPath, paths, productPath } from '../src/ui/paths';
import { categoryMeta, exploreMeta, homeMeta, notFoundMeta, productMeta, type PageMeta } from '../src/ui/seo';
import { LOCAL_URLS } from '../src/sharedConstants';
import { RUNTIME_SETTINGS_ID, runtimeSettingsScript, type RawConfig } from '../src/config';
import { AppShellError, checkAppShell, pageHtml, type PageToRender } from '../server/render/pageHtml';
import { SITEMAP_INDEX_PATH } from '../server/render/sitemap';
import { runScript } from './lib/cli';

/** Parcel's index.html, kept before the home page overwrites it: the shell for routes that are not prerendered. */
export const APP_SHELL = 'app-shell.html';
export const NOT_FOUND_PAGE = '404.html';

export class PrerenderError extends Error {
  override name = 'PrerenderError';
}

/**
 * Products prerendered when PRERENDER_PRODUCT_LIMIT is not set: every product of the 40-product shop, and a bounded
 * build for any larger catalog (a page is about 10 ms of render; 124 pages at 100,000 products). Every other
 * product page is rendered on its first request, then served by Hosting's CDN (docs/prerendering.md).
 */
export const DEFAULT_PRERENDER_PRODUCT_LIMIT = 100;

/** What a page of the home/explore kind needs of each category: the explore page's four products. */
const trimmed = (category: Category, keep: number): Category => ({
  ...category,
  products: category.products.slice(0, keep),
});

function productSnapshot(categories: readonly Category[], owner: Category, product: Product): Category[] {
  return categories.map((category) => {
    if (category.id !== owner.id) return trimmed(category, EXPLORE_PRODUCTS_PER_CATEGORY);
    // The product and the ones "Você também pode gostar" shows (the first others in catalog order).
    const first = category.products.slice(0, RELATED_PRODUCTS_LIMIT + 1);
    return { ...category, products: first.some((p) => p.id === product.id) ? first : [...first, product] };
  });
}

/**
 * The pages the build writes, with the snapshot each one embeds: home, explore, 404, every category and the first
 * `productLimit` products in catalog order.
 */
export function catalogPages(
  categories: readonly Category[],
  origin: string,
  productLimit = DEFAULT_PRERENDER_PRODUCT_LIMIT,
): PageToRender[] {
  const list = categories.map((category) => trimmed(category, EXPLORE_PRODUCTS_PER_CATEGORY));
  const page = (
    path: string,
    file: string,
    meta: PageMeta,
    snapshot: BootData['catalog'],
    notFound = false,
  ): PageToRender => ({
    boot: { version: 1, path, notFound, catalog: snapshot },
    meta,
    file,
  });
  const pages: PageToRender[] = [
    page(paths.home, 'index.html', homeMeta(categories), { categories: list, category: null }),
    page(paths.explore, 'explore/index.html', exploreMeta(categories), { categories: list, category: null }),
    page('/404', NOT_FOUND_PAGE, notFoundMeta(), { categories: list, category: null }, true),
  ];
  const seenProducts = new Set<string>();
  for (const category of categories) {
    const path = categoryPath(category.id);
    pages.push(
      page(path, `${path.slice(1)}/index.html`, categoryMeta(category, origin), { categories: list, category }),
    );
    for (const product of category.products) {
      // A product id listed twice is found through its first category, like the page does.
      if (seenProducts.has(product.id) || seenProducts.size >= productLimit) continue;
      seenProducts.add(product.id);
      const found = findProduct(categories, product.id)!;
      const productUrl = productPath(product.id);
      pages.push(
        page(productUrl, `${productUrl.slice(1)}/index.html`, productMeta(found, origin), {
          categories: productSnapshot(categories, found.category, product),
          category: null,
        }),
      );
    }
  }
  return pages;
}

export function robotsTxt(origin: string): string {
  // The shopper's own pages (checkout, confirmation, account forms) and search results are not for search engines.
  const privatePaths = [paths.checkout, paths.paymentConfirmation, paths.login, paths.signUp, paths.search];
  // The sitemap index (served by the backend: server/render/sitemap.ts).
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL(SITEMAP_INDEX_PATH, origin).href}`,
    '',
  ].join('\n');
}

function productLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PRERENDER_PRODUCT_LIMIT?.trim();
  if (!raw) return DEFAULT_PRERENDER_PRODUCT_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 0)
    throw new PrerenderError(`PRERENDER_PRODUCT_LIMIT must be a whole number ≥ 0, not "${raw}"`);
  return limit;
}

const SETTINGS_BLOCK = new RegExp(`<script type="application/json" id="${RUNTIME_SETTINGS_ID}">[^<]*</script>`);

/**
 * The shell with these run-time settings (src/config.ts) in its head, instead of any it had: every page and the
 * backend's on-request pages are made from the shell, so they all carry them.
 */
export function withRuntimeSettings(shell: string, settings: RawConfig): string {
  const without = shell.replace(SETTINGS_BLOCK, '');
  const head = /<\/head>|<body>/.exec(without);
  if (!head) throw new PrerenderError('the app shell has no </head> or <body> to put the settings before');
  return `${without.slice(0, head.index)}${runtimeSettingsScript(settings)}${without.slice(head.index)}`;
}

export interface PrerenderResult {
  pages: number;
  categories: number;
  products: number;
}

/** Reads the catalog and writes every page; throws PrerenderError with the reason (and the document) on failure. */
export async function prerenderSite({
  distDir,
  catalog,
  origin,
  settings,
  productLimit = productLimitFromEnv(),
}: {
  distDir: string;
  catalog: CatalogPort;
  origin: string;
  /** Run-time settings for a local-mode bundle (the local stack's addresses), written into the shell. */
  settings?: RawConfig;
  /** Products written ahead (PRERENDER_PRODUCT_LIMIT); the others are rendered on request. */
  productLimit?: number;
}): Promise<PrerenderResult> {
  const dist = resolve(distDir);
  const index = join(dist, 'index.html');
  const shellFile = join(dist, APP_SHELL);
  if (!existsSync(index)) throw new PrerenderError(`${index} not found: run Parcel first (npm run build).`);
  const parcelIndex = await readFile(index, 'utf8');
  // A fresh Parcel build writes an empty shell into index.html; a second prerender of the same build reuses the kept one.
  if (!parcelIndex.includes(`id="${BOOT_DATA_ID}"`)) await writeFile(shellFile, parcelIndex);
  if (!existsSync(shellFile))
    throw new PrerenderError(`${shellFile} is missing and index.html is already prerendered: run Parcel again.`);
  let shell = await readFile(shellFile, 'utf8');
  if (settings) {
    shell = withRuntimeSettings(shell, settings);
    await writeFile(shellFile, shell);
  }
  try {
    checkAppShell(shell);
  } catch (error) {
    if (error instanceof AppShellError) throw new PrerenderError(error.message, { cause: error });
    throw error;
  }

  let categories: Category[];
  try {
    categories = await catalog.listCategories();
  } catch (error) {
    if (error instanceof MalformedDocumentError) {
      throw new PrerenderError(`${error.message} (fix or delete that document, then build again)`, { cause: error });
    }
    throw new PrerenderError(`could not read the catalog: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (categories.length === 0) {
    throw new PrerenderError('the catalog is empty (no categories documents): seed it first (npm run seed).');
  }

  const pages = catalogPages(categories, origin, productLimit);
  for (const page of pages) {
    const file = join(dist, page.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await pageHtml(shell, page, origin));
  }
  // A sitemap file would shadow the backend's index (Hosting serves a file before any rewrite).
  await rm(join(dist, 'sitemap.xml'), { force: true });
  await writeFile(join(dist, 'robots.txt'), robotsTxt(origin));
  return {
    pages: pages.length,
    categories: categories.length,
    products: pages.filter((p) => p.meta.ogType === 'product').length,
  };
}

// `npm run build` runs `tsx scripts/prerender.ts` after Parcel.
await runScript(import.meta.url, 'prerender', async () => {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
  const { withBuildCatalog } = await import('./lib/buildCatalog');
  const origin = process.env.SITE_ORIGIN?.trim() || LOCAL_URLS.storefront;
  const started = Date.now();
  const result = await withBuildCatalog((catalog, source) => {
    console.log(`prerender: reading the catalog from ${source}`);
    return prerenderSite({ distDir: values.dist, catalog, origin });
  });
  console.log(
    `prerender: ${result.pages} pages (${result.categories} categories, ${result.products} products) into ${resolve(values.dist)} in ${((Date.now() - started) / 1000).toFixed(1)} s, origin ${origin}`,
  );
  process.exit(0);
});
