// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ky from 'ky';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHttpSearch } from '../../src/adapters/search/httpSearch';
import { SearchAbortedError, SearchUnavailableError } from '../../src/adapters/search/searchPort';
import type { Category } from '../../src/domain';
import { memoryProductSource } from '../../server/adapters/search/memorySource';
import { createProductSearch } from '../../server/adapters/search/productSearch';
import { findFreePort } from '../../scripts/lib/emulators';
import { buildTestServer } from '../server/support';
import { testSearchPort } from './search.contract';

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** The real backend (server/app.ts) on a loopback port, its index fed the catalog's products. */
async function backendFor(
  categories: Category[],
  source = memoryProductSource({
    products: categories.flatMap((c) =>
      c.products.map((p) => ({ id: p.id, name: p.name, imageUrl: p.imageUrl, price: p.price, categoryId: c.id })),
    ),
    categories: Object.fromEntries(categories.map((c) => [c.id, c.displayName])),
  }),
) {
  const app = await buildTestServer({ search: createProductSearch({ source }), rateLimit: false });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

testSearchPort('createHttpSearch (ky → the backend on 127.0.0.1)', async (categories) =>
  createHttpSearch({ http: ky.create({ prefixUrl: await backendFor(categories) }) }),
);

describe('createHttpSearch failures', () => {
  let stub: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
    stub = undefined;
  });
  /** A stand-in backend answering every request with `status` and `body` (or never, with `hang`). */
  const answering = async (status: number, body: string, { hang = false } = {}) => {
    stub = createServer((_request, response) => {
      if (!hang) response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => stub!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  };
  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) =>
        error instanceof SearchUnavailableError
          ? error.reason
          : error instanceof SearchAbortedError
            ? 'aborted'
            : String(error),
    );

  it('nothing listening → network', async () => {
    const search = createHttpSearch({ http: ky.create({ prefixUrl: `http://127.0.0.1:${await findFreePort()}` }) });
    expect(await reasonOf(search.search('jaqueta'))).toBe('network');
  });

  it('the backend cannot read the catalog → http 503, with its pt-BR message', async () => {
    const source = memoryProductSource();
    source.failReads(true);
    const search = createHttpSearch({ http: ky.create({ prefixUrl: await backendFor([], source) }) });
    const error = await search.search('jaqueta').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).reason).toBe('http');
    expect((error as SearchUnavailableError).status).toBe(503);
  });

  it('an answer that is not JSON, or carries malformed products → invalid-response', async () => {
    let search = createHttpSearch({ http: ky.create({ prefixUrl: await answering(200, '<html>') }) });
    expect(await reasonOf(search.search('jaqueta'))).toBe('invalid-response');
    await new Promise((resolve) => stub!.close(resolve));
    search = createHttpSearch({
      http: ky.create({
        prefixUrl: await answering(200, JSON.stringify({ products: [{ id: 'x', name: 'X', price: '10' }] })),
      }),
    });
    expect(await reasonOf(search.search('jaqueta'))).toBe('invalid-response');
  });

  it('no answer in time → timeout; an abort mid-request → aborted', async () => {
    const prefixUrl = await answering(200, '', { hang: true });
    expect(await reasonOf(createHttpSearch({ http: ky.create({ prefixUrl }), timeoutMs: 50 }).search('jaqueta'))).toBe(
      'timeout',
    );
    const controller = new AbortController();
    const pending = reasonOf(
      createHttpSearch({ http: ky.create({ prefixUrl }) }).search('jaqueta', { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toBe('aborted');
    stub!.closeAllConnections();
  });
});
