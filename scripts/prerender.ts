// The build's second step (after Parcel): every catalog page as real HTML. For /, /explore, /category/<id> and
// /product/<id> it renders the same <App> on the server (src/prerender.tsx) from the catalog read through
// CatalogPort at build time, and writes dist/<path>/index.html with the page's stitches CSS inlined, its catalog
// snapshot embedded for hydration, and its head (title, description, canonical, Open Graph, JSON-LD). Also
// dist/404.html, dist/app-shell.html (Parcel's empty shell, for the other app routes), sitemap.xml, robots.txt.
// A catalog that cannot be read, is empty or holds a malformed document fails the build, naming the document.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CatalogPort } from '../src/adapters/catalog/port';
import { bootDataScript, BOOT_DATA_ID, type BootData } from '../src/bootData';
import { EXPLORE_PRODUCTS_PER_CATEGORY, findProduct, MalformedDocumentError, RELATED_PRODUCTS_LIMIT, type Category, type Product } from '../src/domain';
import { EARLY_CEP_SCRIPT } from '../src/earlyCep';
import { EARLY_BROWSE_SCRIPT } from '../src/earlyBrowse';
import { EARLY_CLICKS_SCRIPT } from '../src/earlyClicks';
import { renderPage } from '../src/prerender';
import { SEARCH_BAR_ID } from '../src/ui/components/SearchBar';
import { categoryPath, paths, productPath } from '../src/ui/paths';
import { categoryMeta, exploreMeta, homeMeta, notFoundMeta, productMeta, SHOP_NAME, type PageMeta } from '../src/ui/seo';
import { escapeHtml } from '../server/html';
import { LOCAL_URLS } from '../src/sharedConstants';
import { runScript } from './lib/cli';

/** Parcel's index.html, kept before the home page overwrites it: the shell for routes that are not prerendered. */
export const APP_SHELL = 'app-shell.html';
export const NOT_FOUND_PAGE = '404.html';

export class PrerenderError extends Error {
  override name = 'PrerenderError';
}


/** What a page of the home/explore kind needs of each category: the explore page's four products. */
const trimmed = (category: Category, keep: number): Category => ({ ...category, products: category.products.slice(0, keep) });

function productSnapshot(categories: readonly Category[], owner: Category, product: Product): Category[] {
  return categories.map((category) => {
    if (category.id !== owner.id) return trimmed(category, EXPLORE_PRODUCTS_PER_CATEGORY);
    // The product and the ones "Você também pode gostar" shows (the first others in catalog order).
    const first = category.products.slice(0, RELATED_PRODUCTS_LIMIT + 1);
    return { ...category, products: first.some((p) => p.id === product.id) ? first : [...first, product] };
  });
}

export interface PageToRender {
  boot: BootData;
  meta: PageMeta;
  /** File under dist/. */
  file: string;
}

/** Every page of the catalog, with the snapshot each one embeds. */
export function catalogPages(categories: readonly Category[], origin: string): PageToRender[] {
  const list = categories.map((category) => trimmed(category, EXPLORE_PRODUCTS_PER_CATEGORY));
  const page = (path: string, file: string, meta: PageMeta, snapshot: BootData['catalog'], notFound = false): PageToRender => ({
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
    pages.push(page(path, `${path.slice(1)}/index.html`, categoryMeta(category, origin), { categories: list, category }));
    for (const product of category.products) {
      // A product id listed twice is found through its first category, like the page does.
      if (seenProducts.has(product.id)) continue;
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

function headTags(meta: PageMeta, origin: string, css: string, category: boolean): string {
  const url = new URL(meta.path, origin).href;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${SHOP_NAME}">`,
    `<meta property="og:locale" content="pt_BR">`,
    `<meta property="og:type" content="${meta.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(new URL(meta.image, origin).href)}">`] : []),
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
    `<style id="stitches">${css}</style>`,
    // No paint before the parser has passed the header (the search bar comes next): a paint between two parser
    // slices would show part of it, whose items move as the rest arrives (a layout shift before any script ran).
    `<link rel="expect" href="#${SEARCH_BAR_ID}" blocking="render">`,
    `<script>${EARLY_CLICKS_SCRIPT}</script>`,
    // Product pages carry the CEP form (components/DeliveryEstimator): no browser submit before hydration.
    ...(meta.ogType === 'product' ? [`<script>${EARLY_CEP_SCRIPT}</script>`] : []),
    // Category pages: a link with a sort or a band keeps the grid unpainted until that view is shown.
    ...(category ? [`<script>${EARLY_BROWSE_SCRIPT}</script>`] : []),
  ];
  return tags.join('');
}

// Parcel minifies the shell (unquoted attributes, no </head>): match what it writes, not what src/index.html says.
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"? content=(?:"[^"]*"|[^\s>]+)\s*\/?>/;
const HEAD_END = /<\/head>|<body>/;
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const MODULE_SCRIPT = /<script type="?module"? src="?([^"\s>]+)"?><\/script>/g;

/**
 * The app's scripts start once the page has loaded (its first-screen images included), not while the HTML and
 * the LCP image are still arriving: on a slow phone the 117 KB gz of JS competed with them for the network and
 * the CPU. And not in the very task after `load` either, but when the browser is idle (at most 500 ms later):
 * started at `load`, their download and compile often came before the frame that paints the loaded images, and
 * a desktop's LCP (a product image) was half of the time 200 ms later than the same page without scripts.
 * Until the app has hydrated, src/earlyClicks.ts keeps every add-to-cart click.
 */
function bootAfterLoad(sources: readonly string[]): string {
  return (
    `<script>(function(){function boot(){${JSON.stringify(sources)}.forEach(function(src){var s=document.createElement("script");` +
    's.type="module";s.src=src;document.body.appendChild(s)})}' +
    'function whenIdle(){if(window.requestIdleCallback)requestIdleCallback(boot,{timeout:500});else setTimeout(boot,0)}' +
    'if(document.readyState==="complete")whenIdle();else addEventListener("load",whenIdle,{once:true})})();</script>'
  );
}

/** Fills Parcel's shell with one rendered page. */
export async function pageHtml(shell: string, page: PageToRender, origin: string): Promise<string> {
  for (const [what, pattern] of [['<title>', TITLE], ['meta description', DESCRIPTION], ['</head> or <body>', HEAD_END], ['empty <div id="root">', EMPTY_ROOT]] as const) {
    if (!pattern.test(shell)) throw new PrerenderError(`the app shell has no ${what}`);
  }
  const { html, css } = await renderPage(page.boot);
  const sources = [...shell.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (sources.length === 0) throw new PrerenderError('the app shell loads no module script');
  return shell
    .replace(MODULE_SCRIPT, '')
    .replace(TITLE, () => `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(page.meta.description)}">`)
    .replace(HEAD_END, (end) => `${headTags(page.meta, origin, css, page.boot.catalog.category !== null)}${end}`)
    .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${bootDataScript(page.boot)}${bootAfterLoad(sources)}`);
}

export function sitemapXml(pages: readonly PageToRender[], origin: string): string {
  const urls = pages
    .filter((page) => !page.boot.notFound)
    .map((page) => `  <url><loc>${escapeHtml(new URL(page.boot.path, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  // The shopper's own pages (checkout, confirmation, account forms) and search results are not for search engines.
  const privatePaths = [paths.checkout, paths.paymentConfirmation, paths.login, paths.signUp, paths.search];
  return ['User-agent: *', 'Allow: /', ...privatePaths.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join('\n');
}

export interface PrerenderResult {
  pages: number;
  categories: number;
  products: number;
}

/** Reads the catalog and writes every page; throws PrerenderError with the reason (and the document) on failure. */
export async function prerenderSite({ distDir, catalog, origin }: { distDir: string; catalog: CatalogPort; origin: string }): Promise<PrerenderResult> {
  const dist = resolve(distDir);
  const index = join(dist, 'index.html');
  const shellFile = join(dist, APP_SHELL);
  if (!existsSync(index)) throw new PrerenderError(`${index} not found: run Parcel first (npm run build).`);
  const parcelIndex = await readFile(index, 'utf8');
  // A fresh Parcel build writes an empty shell into index.html; a second prerender of the same build reuses the kept one.
  if (!parcelIndex.includes(`id="${BOOT_DATA_ID}"`)) await writeFile(shellFile, parcelIndex);
  if (!existsSync(shellFile)) throw new PrerenderError(`${shellFile} is missing and index.html is already prerendered: run Parcel again.`);
  const shell = await readFile(shellFile, 'utf8');

  let categories: Category[];
  try {
    categories = await catalog.listCategories();
  } catch (error) {
    if (error instanceof MalformedDocumentError) {
      throw new PrerenderError(`${error.message} (fix or delete that document, then build again)`, { cause: error });
    }
    throw new PrerenderError(`could not read the catalog: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (categories.length === 0) {
    throw new PrerenderError('the catalog is empty (no categories documents): seed it first (npm run seed).');
  }

  const pages = catalogPages(categories, origin);
  for (const page of pages) {
    const file = join(dist, page.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await pageHtml(shell, page, origin));
  }
  await writeFile(join(dist, 'sitemap.xml'), sitemapXml(pages, origin));
  await writeFile(join(dist, 'robots.txt'), robotsTxt(origin));
  return { pages: pages.length, categories: categories.length, products: pages.filter((p) => p.meta.ogType === 'product').length };
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
