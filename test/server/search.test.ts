// @vitest-environment node
// GET /api/search: schemas, pt-BR refusals, the answer's shape and cap, and an index that follows the catalog.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryProductSource } from '../../server/adapters/search/memorySource';
import { createProductSearch, type ProductSearch } from '../../server/adapters/search/productSearch';
import type { SearchProduct } from '../../server/adapters/search/searchSource';
import { buildTestServer } from './support';

const STOREFRONT = 'http://localhost:4321';
const item = (id: string, name: string, categoryId = 'jaquetas', price = 100): SearchProduct => ({
  id,
  name,
  imageUrl: `/images/${id}.svg`,
  price,
  categoryId,
});
const CATALOG = [
  item('jaqueta-couro', 'Jaqueta de Couro Preta', 'jaquetas', 499.9),
  item('blazer', 'Blazer Bege'),
  item('tenis-branco', 'Tênis Casual Branco', 'tenis', 199.9),
];
const NAMES = { jaquetas: 'Jaquetas', tenis: 'Tênis' };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve({ products = CATALOG, maxAgeMs = 60_000, failing = false } = {}) {
  const source = memoryProductSource({ products, categories: NAMES });
  source.failReads(failing);
  let clock = 1_000_000;
  const search = createProductSearch({ source, maxAgeMs, pageSize: 2, now: () => clock, log: () => {} });
  const seen = new Map<string, Record<string, unknown>>();
  app = await buildTestServer({ storefrontUrl: STOREFRONT, search, rateLimit: false });
  app.addHook('onRequest', async (request) => {
    seen.set(
      `${request.method} ${request.routeOptions.url}`,
      (request.routeOptions.schema ?? {}) as Record<string, unknown>,
    );
  });
  const get = (query: string, headers: Record<string, string> = {}) =>
    app!.inject({ method: 'GET', url: `/api/search${query}`, headers });
  return { source, search, seen, get, advance: (ms: number) => (clock += ms) };
}
const namesOf = (body: { products: Array<{ name: string }> }) => body.products.map((p) => p.name);

describe('GET /api/search', () => {
  it('declares its query and response schemas', async () => {
    const { get, seen } = await serve();
    await get('?q=jaqueta');
    const schema = seen.get('GET /api/search');
    expect(schema?.querystring).toBeDefined();
    expect(Object.keys(schema!.response as object)).toEqual(expect.arrayContaining(['200', '4xx', '5xx']));
  });

  it('answers the best products with the shop rules (typo, accents), with their category, cacheable for a minute', async () => {
    const { get } = await serve();
    const typo = await get('?q=jaquta');
    expect(typo.statusCode).toBe(200);
    expect(typo.json()).toEqual({
      products: [
        {
          id: 'jaqueta-couro',
          name: 'Jaqueta de Couro Preta',
          imageUrl: '/images/jaqueta-couro.svg',
          price: 499.9,
          categoryId: 'jaquetas',
        },
      ],
    });
    expect(typo.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    expect(namesOf((await get('?q=TENIS')).json())).toEqual(['Tênis Casual Branco']);
    // By category name, own names first: "jaq" → the jacket, then the blazer (in Jaquetas).
    expect(namesOf((await get('?q=jaq')).json())).toEqual(['Jaqueta de Couro Preta', 'Blazer Bege']);
    expect((await get(`?q=${encodeURIComponent('  blazer  ')}`)).json().products).toHaveLength(1);
  });

  it('answers at most 48 products, or the limit asked for', async () => {
    const socks = Array.from({ length: 70 }, (_, n) => item(`meia-${n}`, `Meia ${n}`, 'acessorios', 10));
    const { get } = await serve({ products: socks });
    expect((await get('?q=meia')).json().products).toHaveLength(48);
    expect((await get('?q=meia&limit=3')).json().products).toHaveLength(3);
    expect((await get('?q=meia&limit=48')).json().products).toHaveLength(48);
  });

  it.each([
    ['no q', '', 'Digite o que deseja buscar.'],
    ['an empty q', '?q=', 'Digite o que deseja buscar.'],
    ['a blank q', '?q=%20%20', 'Digite o que deseja buscar.'],
    ['101 characters', `?q=${'a'.repeat(101)}`, 'A busca pode ter no máximo 100 caracteres.'],
    [
      '101 emoji (202 UTF-16 units)',
      `?q=${encodeURIComponent('👟'.repeat(101))}`,
      'A busca pode ter no máximo 100 caracteres.',
    ],
    [
      '201 emoji (402 UTF-16 units)',
      `?q=${encodeURIComponent('👟'.repeat(201))}`,
      'A busca pode ter no máximo 100 caracteres.',
    ],
    ['limit 0', '?q=meia&limit=0', 'O limite deve ser um número inteiro de 1 a 48.'],
    ['limit 49', '?q=meia&limit=49', 'O limite deve ser um número inteiro de 1 a 48.'],
    ['limit "dez"', '?q=meia&limit=dez', 'O limite deve ser um número inteiro de 1 a 48.'],
  ])('refuses %s with a 400 in pt-BR', async (_name, query, message) => {
    const { get } = await serve();
    const answer = await get(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(message);
  });

  it('takes 100 emoji (the field keeps 100 code points)', async () => {
    const { get } = await serve();
    const answer = await get(`?q=${encodeURIComponent('👟'.repeat(100))}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ products: [] });
  });

  it("lets the storefront's origin read the answer (CORS)", async () => {
    const { get } = await serve();
    expect((await get('?q=blazer', { origin: STOREFRONT })).headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(
      (await get('?q=blazer', { origin: 'https://evil.example' })).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('answers 503 in pt-BR while the catalog cannot be read, and searches once it can', async () => {
    const { source, get } = await serve({ failing: true });
    const down = await get('?q=blazer');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe('A busca está temporariamente indisponível. Tente novamente.');
    source.failReads(false);
    expect(namesOf((await get('?q=blazer')).json())).toEqual(['Blazer Bege']);
  });
});

describe('the index follows the catalog', () => {
  const settle = async (search: ProductSearch) => {
    while (search.stats().building) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('a product added after the build is found once the index is older than its max age (the search that notices still answers the old index)', async () => {
    const { source, search, get, advance } = await serve({ maxAgeMs: 60_000 });
    await search.ready();
    source.put(item('parka', 'Parka Verde'));
    advance(59_999);
    expect(namesOf((await get('?q=parka')).json())).toEqual([]);
    await settle(search);
    expect(search.stats().size).toBe(3);
    advance(1);
    expect(namesOf((await get('?q=parka')).json())).toEqual([]);
    await settle(search);
    expect(search.stats().size).toBe(4);
    expect(namesOf((await get('?q=parka')).json())).toEqual(['Parka Verde']);
  });

  it('refresh() rebuilds at once: added products are found, removed ones are gone', async () => {
    const { source, search, get } = await serve();
    await search.ready();
    source.put(item('parka', 'Parka Verde'));
    source.remove('blazer');
    await search.refresh();
    expect(namesOf((await get('?q=parka')).json())).toEqual(['Parka Verde']);
    expect(namesOf((await get('?q=blazer')).json())).toEqual([]);
  });

  it('a failed rebuild keeps the index in use', async () => {
    const { source, search, get, advance } = await serve({ maxAgeMs: 1_000 });
    await search.ready();
    source.failReads(true);
    advance(1_000);
    expect(namesOf((await get('?q=blazer')).json())).toEqual(['Blazer Bege']);
    await settle(search);
    expect(namesOf((await get('?q=blazer')).json())).toEqual(['Blazer Bege']);
  });

  it('builds page by page (pages of 2 for 3 products: 2 reads) and only once for searches that arrive together', async () => {
    const { source, get } = await serve();
    const answers = await Promise.all([get('?q=blazer'), get('?q=jaqueta'), get('?q=tenis')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(source.pagesRead).toBe(2);
  });
});

describe('Hosting', () => {
  it('rewrites /api/** to the backend function, while /search stays the storefront page', async () => {
    const { readFileSync } = await import('node:fs');
    const hosting = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')).hosting as {
      rewrites: Array<Record<string, unknown>>;
    };
    expect(hosting.rewrites).toContainEqual({
      source: '/api/**',
      function: { functionId: 'api', region: 'southamerica-east1' },
    });
    expect(hosting.rewrites).toContainEqual({ source: '/search', destination: '/app-shell.html' });
  });
});
