// @vitest-environment node
// Catalog pages rendered on request (server/render/, server/routes/pages.ts) over in-memory documents in the
// agreed shape (`products/{id}` with categoryId and position; category documents with a preview and a count),
// into a real prerender of the seed catalog's app shell: the page a shopper gets for a product the build did not
// write, the 404 for an unknown id, the pt-BR error pages, the cache headers, and the sitemaps split in pages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { seedStock } from '../../seed/seedStock';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { BootDataStruct } from '../../src/bootData';
import { prerenderSite } from '../../scripts/prerender';
import { buildServer } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createPageRenderer } from '../../server/render/renderer';
import { memoryPageSource, type MemoryPageData, type PageSource } from '../../server/render/pageSource';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { PARCEL_SHELL } from '../support/parcelShell';
import { fakeTokenVerifier } from './support';

const ORIGIN = 'https://loja.example';
const jackets = catalog.find((c) => c.id === 'jackets')!;
const NEW_PRODUCT = {
  id: 'jaqueta-nova-xadrez',
  name: 'Jaqueta Nova Xadrez',
  price: 1234.5,
  imageUrl: '/images/jaqueta-nova-xadrez.svg',
};

/** The seed catalog in the agreed shape, plus a product added after the build (last in Jaquetas). */
function documents(): MemoryPageData {
  const products: Record<string, unknown> = {};
  const categories: Record<string, unknown> = {};
  for (const category of catalog) {
    category.products.forEach((product, position) => {
      products[product.id] = { ...product, categoryId: category.id, position, searchName: product.name.toLowerCase() };
    });
    categories[category.id] = {
      ...category,
      products: category.products.slice(0, 24),
      productCount: category.products.length,
    };
  }
  products[NEW_PRODUCT.id] = {
    ...NEW_PRODUCT,
    categoryId: 'jackets',
    position: jackets.products.length,
    searchName: 'jaqueta nova xadrez',
  };
  (categories.jackets as { productCount: number }).productCount += 1;
  return { products, categories };
}

const bootOf = (html: string) => {
  const json = /<script type="application\/json" id="club-boot">(.*?)<\/script>/s.exec(html)?.[1];
  const [error, boot] = BootDataStruct.validate(JSON.parse(json ?? 'null'));
  expect(error).toBeUndefined();
  return boot!;
};
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><script type="application\/json"/s.exec(html)?.[1];

let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'club-render-'));
  writeFileSync(join(dist, 'index.html'), PARCEL_SHELL);
  // The build's own pages: the first product of each category written ahead, the rest left to the renderer.
  await prerenderSite({ distDir: dist, catalog: memoryCatalog(catalog), origin: ORIGIN, productLimit: 1 });
}, 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the page renderer', () => {
  const renderer = () => createPageRenderer({ distDir: dist, origin: ORIGIN, source: memoryPageSource(documents()) });

  it('renders a product added after the build: its name, its price as the card writes it, boot data that parses', async () => {
    const answer = await renderer().product(NEW_PRODUCT.id);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    expect(answer.html).toContain('<title>Jaqueta Nova Xadrez — Jaquetas — Club Clothing</title>');
    expect(answer.html).toContain('<h1');
    expect(rootOf(answer.html)).toContain('Jaqueta Nova Xadrez');
    expect(rootOf(answer.html)).toContain('R$\u00a01.234,50');
    expect(answer.html).toContain('"price":"1234.50"'); // JSON-LD Offer
    expect(answer.html).toContain('<link rel="canonical" href="https://loja.example/product/jaqueta-nova-xadrez">');
    expect(answer.html).toContain('["/main.1234abcd.js"]'); // the build's hashed bundle, started after load
    const boot = bootOf(answer.html);
    expect(boot.path).toBe('/product/jaqueta-nova-xadrez');
    expect(boot.notFound).toBe(false);
    // Itself and the first four others of Jaquetas (Você também pode gostar).
    expect(boot.catalog.categories.map((c) => c.id)).toEqual(['jackets']);
    expect(boot.catalog.categories[0]!.products.map((p) => p.id)).toEqual([
      ...jackets.products.slice(0, 5).map((p) => p.id),
      NEW_PRODUCT.id,
    ]);
    expect(rootOf(answer.html)).toContain('Você também pode gostar');
    expect(rootOf(answer.html)).toContain(jackets.products[0]!.name);
  });

  it('renders the same markup as the build for a product the build wrote', async () => {
    const product = jackets.products[0]!;
    const built = readFileSync(join(dist, 'product', product.id, 'index.html'), 'utf8');
    const answer = await renderer().product(product.id);
    expect(answer.status).toBe(200);
    expect(rootOf(answer.html)).toBe(rootOf(built));
    expect(answer.html.replace(/<script type="application\/json" id="club-boot">.*?<\/script>/s, '')).toBe(
      built.replace(/<script type="application\/json" id="club-boot">.*?<\/script>/s, ''),
    );
  });

  it('renders a category from its document: its name and the preview’s products and prices', async () => {
    const hats = catalog.find((c) => c.id === 'hats')!;
    const answer = await renderer().category('hats');
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('<title>Chapéus — Club Clothing</title>');
    for (const product of hats.products) expect(rootOf(answer.html)).toContain(product.name);
    expect(bootOf(answer.html).catalog.category?.id).toBe('hats');
    expect(rootOf(answer.html)).toBe(rootOf(readFileSync(join(dist, 'category', 'hats', 'index.html'), 'utf8')));
  });

  describe('with the units of seed/seedStock.ts in the documents', () => {
    const withStock = () => {
      const data = documents();
      for (const [id, units] of Object.entries(seedStock)) (data.products[id] as { stock?: number }).stock = units;
      return createPageRenderer({ distDir: dist, origin: ORIGIN, source: memoryPageSource(data) });
    };
    const hats = catalog.find((c) => c.id === 'hats')!;
    const buttonsIn = (html: string) =>
      [...html.matchAll(/<button[^>]*>Adicionar ao carrinho<\/button>/g)].map((m) => m[0]);

    it('a sold-out product page says Esgotado at once, its button disabled and described by it; schema.org says OutOfStock', async () => {
      const answer = await withStock().product('chapeu-bucket-verde');
      expect(answer.status).toBe(200);
      const root = rootOf(answer.html)!;
      expect(root).toContain('Esgotado');
      const [button] = buttonsIn(root);
      expect(button).toMatch(/ disabled=""/);
      expect(button).toMatch(/aria-describedby="[^"]+"/);
      expect(answer.html).toContain('"availability":"https://schema.org/OutOfStock"');
      // The first five of Chapéus by position, which the page draws "Você também pode gostar" from, and the hat
      // itself: Chapéu Meia Noite 28, Gorro Vermelho 19, Boné Branco 17, Chapéu Panamá 21, Boné Aba Reta 21 and
      // the hat's 0 (seed/seedStock.ts).
      expect(bootOf(answer.html).stock).toEqual({
        'chapeu-meia-noite': 28,
        'gorro-vermelho': 19,
        'bone-branco': 17,
        'chapeu-panama-palha': 21,
        'bone-aba-reta-preto': 21,
        'chapeu-bucket-verde': 0,
      });
    });

    it('a product page with 2 units says Últimas unidades, its button enabled; schema.org says LimitedAvailability', async () => {
      const answer = await withStock().product('boina-la-marrom');
      const root = rootOf(answer.html)!;
      expect(root).toContain('Últimas unidades');
      expect(root).not.toContain('Esgotado');
      expect(buttonsIn(root)[0]).not.toMatch(/ disabled=""/);
      expect(answer.html).toContain('"availability":"https://schema.org/LimitedAvailability"');
      expect(bootOf(answer.html).stock?.['boina-la-marrom']).toBe(2);
    });

    it('a category page carries its low stock: one card Esgotado with its button disabled, one Últimas unidades', async () => {
      const answer = await withStock().category('hats');
      const root = rootOf(answer.html)!;
      expect(bootOf(answer.html).stock).toEqual({ 'chapeu-bucket-verde': 0, 'boina-la-marrom': 2 });
      expect(root.match(/Esgotado/g)).toHaveLength(1);
      expect(root.match(/Últimas unidades/g)).toHaveLength(1);
      const buttons = buttonsIn(root);
      expect(buttons).toHaveLength(hats.products.length);
      expect(buttons.filter((button) => / disabled=""/.test(button))).toHaveLength(1);
    });
  });

  it('answers an unknown id, an impossible id and a product of a missing category with the build’s 404 page', async () => {
    const notFound = readFileSync(join(dist, '404.html'), 'utf8');
    const orphan = documents();
    orphan.products['orfao'] = {
      ...NEW_PRODUCT,
      id: 'orfao',
      categoryId: 'nao-existe',
      position: 0,
      searchName: 'orfao',
    };
    const answers = [
      await renderer().product('nao-existe'),
      await renderer().category('nao-existe'),
      await renderer().product('a/b'),
      await renderer().product('x'.repeat(101)),
      await createPageRenderer({ distDir: dist, origin: ORIGIN, source: memoryPageSource(orphan) }).product('orfao'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.html).toBe(notFound);
      expect(answer.cacheControl).toBe('public, max-age=0, s-maxage=60');
    }
    expect(notFound).toContain('"notFound":true');
  });

  it('refuses what the storefront refuses: a product with a field the agreed shape has not, or without its searchName', async () => {
    for (const change of [{ desconto: 10 }, { searchName: undefined }]) {
      const broken = documents();
      broken.products[NEW_PRODUCT.id] = JSON.parse(
        JSON.stringify({ ...(broken.products[NEW_PRODUCT.id] as object), ...change }),
      );
      const logged: string[] = [];
      const answer = await createPageRenderer({
        distDir: dist,
        origin: ORIGIN,
        source: memoryPageSource(broken),
        log: (message, error) => logged.push(`${message}: ${String(error)}`),
      }).product(NEW_PRODUCT.id);
      expect(answer.status).toBe(500);
      expect(logged.join('\n')).toMatch(new RegExp(`products document "${NEW_PRODUCT.id}": ${Object.keys(change)[0]}`));
    }
  });

  it('answers a malformed document with 500 and a pt-BR page, and an unreachable Firestore with 503, never cached', async () => {
    const broken = documents();
    broken.products[NEW_PRODUCT.id] = { ...(broken.products[NEW_PRODUCT.id] as object), price: 'caro' };
    const logged: string[] = [];
    const malformed = await createPageRenderer({
      distDir: dist,
      origin: ORIGIN,
      source: memoryPageSource(broken),
      log: (message, error) => logged.push(`${message}: ${String(error)}`),
    }).product(NEW_PRODUCT.id);
    expect(malformed.status).toBe(500);
    expect(malformed.html).toContain('lang="pt-BR"');
    expect(malformed.html).toContain('Não foi possível mostrar esta página');
    expect(malformed.html).not.toMatch(/Error|at \w+ \(|caro/);
    expect(malformed.cacheControl).toBe('no-store');
    expect(logged.join('\n')).toMatch(/products document "jaqueta-nova-xadrez": price/);

    const down: PageSource = {
      ...memoryPageSource(documents()),
      product: async () => Promise.reject(new Error('14 UNAVAILABLE')),
    };
    const unavailable = await createPageRenderer({ distDir: dist, origin: ORIGIN, source: down }).product(
      NEW_PRODUCT.id,
    );
    expect(unavailable.status).toBe(503);
    expect(unavailable.html).toContain('Não foi possível carregar esta página');
    expect(unavailable.cacheControl).toBe('no-store');
  });

  it('keeps a rendered page in memory for its time to live, then reads again', async () => {
    let reads = 0;
    const source = memoryPageSource(documents());
    const counting: PageSource = { ...source, product: (id) => ((reads += 1), source.product(id)) };
    let now = 5_000;
    const cached = createPageRenderer({
      distDir: dist,
      origin: ORIGIN,
      source: counting,
      cache: { max: 10, ttlMs: 1000 },
      now: () => now,
    });
    const first = await cached.product(NEW_PRODUCT.id);
    now = 6_000; // exactly its time to live: still kept
    expect(await cached.product(NEW_PRODUCT.id)).toBe(first);
    expect(reads).toBe(1);
    now = 6_001;
    await cached.product(NEW_PRODUCT.id);
    expect(reads).toBe(2);
  });
});

describe('GET /product/:id, /category/:id and the sitemaps on the backend', () => {
  let app: FastifyInstance;
  const data = documents();
  beforeAll(async () => {
    app = await buildServer({
      storefrontUrl: ORIGIN,
      catalog: memoryCatalog(catalog),
      catalogCacheTtlMs: 0,
      payments: createSimulatedProvider({ publicUrl: ORIGIN }),
      store: createMemoryStore(),
      verifier: fakeTokenVerifier(),
      rateLimit: false,
      logger: false,
      pages: { distDir: dist, source: memoryPageSource(data), sitemapPageSize: 20 },
    });
  });
  afterAll(() => app.close());

  it('answers a page as HTML with the page cache rule and none of the backend’s own CSP', async () => {
    const response = await app.inject({ method: 'GET', url: `/product/${NEW_PRODUCT.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.body).toContain('Jaqueta Nova Xadrez');
    const missing = await app.inject({ method: 'GET', url: '/category/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(missing.body).toBe(readFileSync(join(dist, '404.html'), 'utf8'));
  });

  it('splits the products into sitemaps of the page size, listed by /sitemap.xml, every URL exactly once', async () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const sitemaps = locs(index.body);
    const productCount = Object.keys(data.products).length; // 41: three sitemaps of at most 20
    expect(productCount).toBeGreaterThan(40);
    expect(productCount).toBeLessThanOrEqual(60);
    expect(sitemaps).toHaveLength(1 + 3);
    expect(sitemaps[0]).toBe('https://loja.example/sitemaps/pages.xml');
    const urls: string[] = [];
    const sizes: number[] = [];
    for (const sitemap of sitemaps) {
      const url = new URL(sitemap);
      expect(url.origin).toBe(ORIGIN);
      const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(response.statusCode, sitemap).toBe(200);
      expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const pageUrls = locs(response.body);
      sizes.push(pageUrls.length);
      urls.push(...pageUrls);
    }
    expect(sizes.slice(1)).toEqual([20, 20, productCount - 40]);
    const expected = [
      'https://loja.example/',
      'https://loja.example/explore',
      ...catalog.map((c) => `https://loja.example/category/${c.id}`),
      ...Object.keys(data.products).map((id) => `https://loja.example/product/${id}`),
    ];
    expect(urls).toHaveLength(expected.length);
    expect(new Set(urls)).toEqual(new Set(expected));
  });
});
