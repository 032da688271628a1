// @vitest-environment node
// The build's prerender (scripts/prerender.ts) over an in-memory catalog: which pages it writes, what their
// HTML says to search engines (JSON-LD parsed back, prices written out here), how many products it writes, robots, and the
// failures that must stop a build (a malformed document named, an unreadable or empty catalog).
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CatalogUnavailableError, type CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { APP_SHELL, NOT_FOUND_PAGE, PrerenderError, prerenderSite } from '../../scripts/prerender';
import { PARCEL_SHELL as SHELL } from '../support/parcelShell';

const ORIGIN = 'https://loja.example';

const freshBuild = () => {
  const folder = mkdtempSync(join(tmpdir(), 'club-prerender-'));
  writeFileSync(join(folder, 'index.html'), SHELL);
  return folder;
};

/** Each test's own build folder; `read` reads `pages`, which is this folder unless a test reads the shared run. */
let dist: string;
let pages: string;
beforeEach(() => {
  dist = pages = freshBuild();
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

// One prerender of the seeded catalog with the defaults, for the tests that only read its pages: a run renders
// every page (about 3 s of CPU), so these tests share one instead of making five.
let seeded: Promise<{ folder: string; result: Awaited<ReturnType<typeof prerenderSite>> }> | undefined;
const readSeededRun = async () => {
  seeded ??= (async () => {
    const folder = freshBuild();
    return {
      folder,
      result: await prerenderSite({ distDir: folder, catalog: memoryCatalog(catalog), origin: ORIGIN }),
    };
  })();
  const run = await seeded;
  pages = run.folder;
  return run.result;
};
afterAll(async () => {
  if (seeded) rmSync((await seeded).folder, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(join(pages, file), 'utf8');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const productCount = catalog.reduce((n, c) => n + c.products.length, 0);

describe('prerenderSite', () => {
  it('writes /, /explore, every category and every product page, the 404 page, and keeps Parcel’s shell', async () => {
    const result = await readSeededRun();
    expect(result).toEqual({
      pages: 3 + catalog.length + productCount,
      categories: catalog.length,
      products: productCount,
    });
    expect(read(APP_SHELL)).toBe(SHELL);
    for (const file of [
      'index.html',
      'explore/index.html',
      NOT_FOUND_PAGE,
      'category/jackets/index.html',
      'product/blazer-bege/index.html',
      'product/boina-la-marrom/index.html',
    ]) {
      expect(existsSync(join(pages, file)), file).toBe(true);
    }
    const jackets = read('category/jackets/index.html');
    expect(jackets).toContain('<title>Jaquetas — Club Clothing</title>');
    expect(jackets).toContain('Jaqueta de Couro Preta');
    expect(jackets).toContain('R$\u00a0500,00');
    expect(jackets).toMatch(/<style id="stitches">[^<]*\.c-[\w-]+\{/); // the page's own CSS, inlined
    // No paint before the header is whole (a half-parsed header's items move as the rest arrives).
    expect(jackets).toMatch(
      /<link rel="expect" href="#busca" blocking="render">.*<body>.*<\/header>.*<div[^>]* id="busca"/s,
    );
    // The app's script starts when the browser is idle after the load event and the first contentful paint, not as
    // a tag fetched with the HTML.
    expect(jackets).not.toContain('<script type=module src=/main.1234abcd.js></script>');
    expect(jackets).toContain('addEventListener("load",afterPaint');
    expect(jackets).toContain('getEntriesByName("first-contentful-paint")');
    expect(jackets).toContain('requestIdleCallback(boot,{timeout:500})');
    expect(jackets).toContain('["/main.1234abcd.js"]');
  });

  it('writes every page in place: no part held back in a hidden segment for a script to reveal', async () => {
    await readSeededRun();
    const files = [
      'index.html',
      'explore/index.html',
      NOT_FOUND_PAGE,
      ...catalog.map((c) => `category/${c.id}/index.html`),
      ...catalog.flatMap((c) => c.products.map((p) => `product/${p.id}/index.html`)),
    ];
    for (const file of files) {
      const html = read(file);
      // React's streaming format: a boundary outlined as <div hidden id="S:n">, moved into place by $RC().
      expect(
        /<div hidden id="S:\d+"|<template id="B:\d+"|\$RC\(/.test(html),
        `${file}: a boundary outlined into a hidden segment`,
      ).toBe(false);
      expect(html.includes('data-testid="loading-overlay"'), `${file}: a loading overlay in the HTML`).toBe(false);
    }
  });

  it('is idempotent on the same build: a second run reuses the kept shell, not the prerendered home', async () => {
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN });
    const first = read('index.html');
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN });
    expect(read('index.html')).toBe(first);
    expect(read(APP_SHELL)).toBe(SHELL);
  });

  it("writes the settings it is given into the shell, so every page carries them; a second run's replace the first's", async () => {
    const settingsOf = (html: string) =>
      [...html.matchAll(/<script type="application\/json" id="club-settings">([^<]*)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
    const first = { BACKEND_URL: 'http://localhost:41000', FIRESTORE_EMULATOR_HOST: '127.0.0.1:41002' };
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN, settings: first });
    for (const file of ['index.html', APP_SHELL, NOT_FOUND_PAGE, 'explore/index.html', 'category/jackets/index.html'])
      expect(settingsOf(read(file)), file).toEqual([first]);
    const second = { BACKEND_URL: 'http://localhost:42000' };
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN, settings: second });
    for (const file of ['index.html', APP_SHELL, 'explore/index.html'])
      expect(settingsOf(read(file)), file).toEqual([second]);
  });

  it('writes no settings block when given none (a production build)', async () => {
    await readSeededRun();
    expect(read('index.html')).not.toContain('club-settings');
    expect(read(APP_SHELL)).not.toContain('club-settings');
  });

  it('gives product pages Product + Offer and BreadcrumbList JSON-LD, Open Graph product tags and a canonical URL', async () => {
    await readSeededRun();
    const html = read('product/jaqueta-couro-preta/index.html');
    const [product, breadcrumb] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Jaqueta de Couro Preta',
      image: 'https://loja.example/images/jaqueta-couro-preta.svg',
      offers: {
        '@type': 'Offer',
        price: '500.00',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
        url: 'https://loja.example/product/jaqueta-couro-preta',
      },
    });
    expect(breadcrumb).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Início', item: 'https://loja.example/' },
        { position: 2, name: 'Jaquetas', item: 'https://loja.example/category/jackets' },
        { position: 3, name: 'Jaqueta de Couro Preta', item: 'https://loja.example/product/jaqueta-couro-preta' },
      ],
    });
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:image" content="https://loja.example/images/jaqueta-couro-preta.svg">');
    expect(html).toContain('<link rel="canonical" href="https://loja.example/product/jaqueta-couro-preta">');
    // Centavos: 89,90 is "89.90" for schema.org.
    const [bone] = jsonLd(read('product/bone-aba-reta-preto/index.html'));
    expect((bone!.offers as { price: string }).price).toBe('89.90');
    const [categoryCrumbs] = jsonLd(read('category/hats/index.html'));
    expect(categoryCrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Início' }, { name: 'Chapéus' }],
    });
  });

  it('writes no sitemap (the backend serves the index: server/render/sitemap.ts) and points robots.txt at the index', async () => {
    writeFileSync(join(dist, 'sitemap.xml'), '<urlset/>'); // left by an older build: it would shadow the backend's
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN });
    expect(existsSync(join(dist, 'sitemap.xml'))).toBe(false);
    expect(read('robots.txt')).toContain('Sitemap: https://loja.example/sitemap.xml');
    expect(read('robots.txt')).toContain('Disallow: /checkout');
  });

  it('writes only the first products up to the limit, categories in display order and each one’s products in order', async () => {
    const result = await prerenderSite({
      distDir: dist,
      catalog: memoryCatalog(catalog),
      origin: ORIGIN,
      productLimit: 10,
    });
    expect(result).toEqual({ pages: 3 + catalog.length + 10, categories: catalog.length, products: 10 });
    const inOrder = catalog.flatMap((c) => c.products.map((p) => p.id));
    for (const [index, id] of inOrder.entries())
      expect(existsSync(join(dist, 'product', id, 'index.html')), id).toBe(index < 10);
    for (const category of catalog) expect(existsSync(join(dist, 'category', category.id, 'index.html'))).toBe(true);
  });

  it('reads the limit from PRERENDER_PRODUCT_LIMIT and refuses one that is not a whole number', async () => {
    const before = process.env.PRERENDER_PRODUCT_LIMIT;
    try {
      process.env.PRERENDER_PRODUCT_LIMIT = '3';
      expect((await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN })).products).toBe(
        3,
      );
      process.env.PRERENDER_PRODUCT_LIMIT = 'muitos';
      await expect(prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN })).rejects.toThrow(
        /PRERENDER_PRODUCT_LIMIT/,
      );
    } finally {
      if (before === undefined) delete process.env.PRERENDER_PRODUCT_LIMIT;
      else process.env.PRERENDER_PRODUCT_LIMIT = before;
    }
  });

  it('embeds a snapshot that escapes markup in names (no way out of the <script>)', async () => {
    const hostile = [
      { ...catalog[0]!, products: [{ ...catalog[0]!.products[0]!, name: '</script><script>alert(1)</script>' }] },
    ];
    await prerenderSite({ distDir: dist, catalog: memoryCatalog(hostile), origin: ORIGIN });
    const html = read(`product/${catalog[0]!.products[0]!.id}/index.html`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;'); // shown as text
  });

  it('fails the build naming the malformed document', async () => {
    const documents = {
      jackets: { ...catalog[0]! },
      'chapeus-doc': { ...catalog[4]!, products: [{ id: 'x', name: 'Chapéu', imageUrl: '/x.svg', price: 'caro' }] },
    };
    const run = prerenderSite({ distDir: dist, catalog: memoryCatalog(documents), origin: ORIGIN });
    await expect(run).rejects.toThrow(PrerenderError);
    await expect(run).rejects.toThrow(/categories document "chapeus-doc".*products\.0\.price/);
  });

  it('fails the build when the catalog cannot be read or is empty, never writing an empty page', async () => {
    const down: CatalogPort = {
      listCategories: async () => {
        throw new CatalogUnavailableError('14 UNAVAILABLE: No connection established');
      },
      getCategory: async () => {
        throw new CatalogUnavailableError('down');
      },
    };
    await expect(prerenderSite({ distDir: dist, catalog: down, origin: ORIGIN })).rejects.toThrow(
      /could not read the catalog: .*UNAVAILABLE/,
    );
    await expect(prerenderSite({ distDir: dist, catalog: memoryCatalog([]), origin: ORIGIN })).rejects.toThrow(
      /catalog is empty/,
    );
    expect(read('index.html')).toBe(SHELL);
  });
});
