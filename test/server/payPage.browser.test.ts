// @vitest-environment node
// The simulated hosted payment page in real Chromium: Pagar, Cancelar and the declined card each land on the
// storefront's confirmation route (a tiny local HTTP server stands in for the storefront here).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memory';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { findFreePort } from '../../scripts/lib/emulators';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memory';
import { aCategory, aProduct } from '../support/builders';
import { emulatorIdToken, fakeTokenVerifier } from './support';

const jaqueta = aProduct().withId('jaqueta-couro').withName('Jaqueta de Couro Preta').withPrice(499.9).build();

describe('simulated payment page in Chromium', () => {
  let storefront: Server;
  let storefrontUrl = '';
  let backend: FastifyInstance;
  let backendUrl = '';
  let browser: Browser;
  const store = createMemoryStore();

  beforeAll(async () => {
    storefront = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="pt-BR"><title>Confirmação</title><h1>storefront ${req.url}</h1></html>`);
    });
    await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
    storefrontUrl = `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`;
    const port = await findFreePort();
    backendUrl = `http://127.0.0.1:${port}`;
    backend = await buildServer({
      storefrontUrl,
      catalog: memoryCatalog([aCategory().withProducts([jaqueta]).build()]),
      catalogCacheTtlMs: 60_000,
      payments: createSimulatedProvider({ publicUrl: backendUrl }),
      store,
      verifier: fakeTokenVerifier(),
      logger: false,
    });
    await backend.listen({ port, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => {
    await browser?.close();
    await backend?.close();
    await new Promise((resolve) => storefront?.close(resolve));
  });

  const newSession = async () => {
    const response = await fetch(`${backendUrl}${CHECKOUT_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulatorIdToken({ uid: 'eva', email: 'eva@example.com' })}` },
      body: JSON.stringify({ products: [{ ...jaqueta, price: 1, quantity: 2 }] }),
    });
    const { url } = (await response.json()) as { url: string };
    return { url, id: decodeURIComponent(url.split('/').pop()!) };
  };

  it.each([
    ['Pagar', (id: string) => `/payment-confirmation?success=true&session_id=${id}`],
    ['Cancelar', () => '/payment-confirmation?canceled=true'],
    ['Simular cartão recusado', () => '/payment-confirmation?success=false'],
  ])('%s lands on the storefront confirmation route', async (button, expectedPath) => {
    const { url, id } = await newSession();
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Pagamento' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('cell', { name: 'Jaqueta de Couro Preta' }).isVisible()).toBe(true);
    expect(await page.getByTestId('total').textContent()).toBe('R$\u00a0999,80');
    await Promise.all([page.waitForURL(`${storefrontUrl}${expectedPath(id)}`), page.getByRole('button', { name: button }).click()]);
    expect(page.url()).toBe(`${storefrontUrl}${expectedPath(id)}`);
    expect(blocked).toEqual([]); // no CSP violation on the way
    expect(store.orders.has(id)).toBe(button === 'Pagar');
    await page.close();
  });

  it('a double click on Pagar pays once; going back shows the session as finished', async () => {
    const { url, id } = await newSession();
    const page = await browser.newPage();
    await page.goto(url);
    await Promise.all([page.waitForURL(`${storefrontUrl}/payment-confirmation**`), page.getByRole('button', { name: 'Pagar' }).dblclick()]);
    expect(page.url()).toBe(`${storefrontUrl}/payment-confirmation?success=true&session_id=${id}`);
    expect([...store.orders.values()].filter((order) => order.id === id)).toHaveLength(1);
    await page.goBack();
    await page.reload();
    expect(await page.getByRole('heading', { name: 'Pagamento já realizado' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Voltar para a loja' }).click();
    await page.waitForURL(`${storefrontUrl}/`);
    await page.close();
  });
});
