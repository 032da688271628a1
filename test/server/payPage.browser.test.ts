// @vitest-environment node
// The simulated hosted payment page in real Chromium: the Entrega step, then Pagar, Cancelar and the declined card
// each land on the storefront's confirmation route (a tiny local HTTP server stands in for the storefront here).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { findFreePort } from '../../scripts/lib/emulators';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
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
    browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => {
    await browser?.close();
    await backend?.close();
    await new Promise((resolve) => storefront?.close(resolve));
  });

  const newSession = async () => {
    const response = await fetch(`${backendUrl}${CHECKOUT_ROUTE}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${emulatorIdToken({ uid: 'eva', email: 'eva@example.com' })}`,
      },
      body: JSON.stringify({ products: [{ ...jaqueta, price: 1, quantity: 2 }] }),
    });
    const { url } = (await response.json()) as { url: string };
    return { url, id: decodeURIComponent(url.split('/').pop()!) };
  };

  /** The Entrega step, as a shopper fills it (São Paulo, Econômica: free over R$ 299,00), then the payment step. */
  const fillEntrega = async (page: Page) => {
    await page.getByRole('heading', { name: 'Entrega' }).waitFor();
    await page.getByLabel('Nome de quem recebe').fill('Eva Prado');
    await page.getByLabel('CEP').fill('01310-100');
    await page.getByLabel('Rua').fill('Avenida Paulista');
    await page.getByLabel('Número').fill('1578');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('UF').selectOption('SP');
    await page.getByRole('radio', { name: 'Econômica' }).check();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.getByRole('heading', { name: 'Pagamento', exact: true }).waitFor();
  };

  it('Entrega: a missing field keeps every typed value with its message next to it; fixed, the payment step shows Produtos, Frete and Total', async () => {
    const { url, id } = await newSession();
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel('Nome de quem recebe').fill('Eva Prado');
    await page.getByLabel('CEP').fill('20040-002'); // Rio, while the UF says SP
    await page.getByLabel('Rua').fill('Avenida Rio Branco');
    await page.getByLabel('UF').selectOption('SP');
    await page.getByRole('radio', { name: 'Expressa' }).check();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('Rua').inputValue()).toBe('Avenida Rio Branco');
    expect(await page.getByLabel('CEP').inputValue()).toBe('20040-002');
    expect(await page.getByRole('radio', { name: 'Expressa' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Número').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#number-error').textContent()).toBe('Informe o campo número.');
    expect(await page.locator('#uf-error').textContent()).toBe('O CEP informado é de RJ. Confira o CEP ou a UF.');
    expect(store.sessions.get(id)!.delivery).toBeNull();
    await fillEntrega(page);
    expect(await page.getByTestId('products-total').textContent()).toBe('R$\u00a0999,80');
    expect(await page.getByTestId('frete').textContent()).toBe('Grátis');
    expect(await page.getByTestId('total').textContent()).toBe('R$\u00a0999,80');
    await page.getByRole('link', { name: 'Alterar entrega' }).click();
    expect(await page.getByLabel('Rua').inputValue()).toBe('Avenida Paulista');
    await page.close();
  });

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
    await fillEntrega(page);
    await expect(page.getByRole('heading', { name: 'Pagamento' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('cell', { name: 'Jaqueta de Couro Preta' }).isVisible()).toBe(true);
    expect(await page.getByTestId('total').textContent()).toBe('R$\u00a0999,80');
    await Promise.all([
      page.waitForURL(`${storefrontUrl}${expectedPath(id)}`),
      page.getByRole('button', { name: button, exact: true }).click(),
    ]);
    expect(page.url()).toBe(`${storefrontUrl}${expectedPath(id)}`);
    expect(blocked).toEqual([]); // no CSP violation on the way
    expect(store.orders.has(id)).toBe(button === 'Pagar');
    await page.close();
  });

  it('a double click on Pagar pays once; going back shows the session as finished', async () => {
    const { url, id } = await newSession();
    const page = await browser.newPage();
    await page.goto(url);
    await fillEntrega(page);
    await page.getByRole('button', { name: 'Pagar', exact: true }).dblclick();
    // Polled, not waitForURL: the second press can abort the first press's navigation (net::ERR_ABORTED), and
    // waitForURL fails on that although the page does land on the confirmation.
    await expect
      .poll(() => page.url(), { timeout: 15_000 })
      .toBe(`${storefrontUrl}/payment-confirmation?success=true&session_id=${id}`);
    expect([...store.orders.values()].filter((order) => order.id === id)).toHaveLength(1);
    await page.goBack();
    await page.reload();
    // waitFor, not isVisible(): under load the reloaded page may not have painted its heading yet.
    await page.getByRole('heading', { name: 'Pagamento já realizado' }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Voltar para a loja' }).click();
    await page.waitForURL(`${storefrontUrl}/`);
    await page.close();
  });

  it('Pix: the countdown runs and the copy button works under the page CSP (no violation); Simular pagamento lands on success', async () => {
    const { url, id } = await newSession();
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: backendUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url);
    await fillEntrega(page);
    await Promise.all([page.waitForURL(url), page.getByRole('button', { name: 'Pagar com Pix' }).click()]);
    const timer = page.getByRole('timer');
    const first = await timer.textContent();
    await page.waitForFunction((before) => document.getElementById('pix-countdown')?.textContent !== before, first, {
      timeout: 5000,
    });
    const code = await page.getByLabel('Pix copia e cola').inputValue();
    expect(code).toMatch(/^000201/);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    // Polled: the status is written when the clipboard's promise resolves, which may be after the click returns.
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 10_000 }).toBe('Código Pix copiado.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await page.getByRole('img', { name: 'QR Code do Pix' }).isVisible()).toBe(true);
    await Promise.all([
      page.waitForURL(`${storefrontUrl}/payment-confirmation?success=true&session_id=${id}`),
      page.getByRole('button', { name: 'Simular pagamento do Pix' }).click(),
    ]);
    expect(errors).toEqual([]);
    expect(store.orders.get(id)).toMatchObject({ paymentMethod: 'pix' });
    await context.close();
  });

  it('Boleto: a bad CPF keeps the form with its error; a valid one shows the line and Voltar para a loja goes to the success URL', async () => {
    const { url, id } = await newSession();
    const page = await browser.newPage();
    await page.goto(url);
    await fillEntrega(page);
    await page.getByLabel('CPF').fill('123.456.789-00');
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('CPF inválido: confira os dígitos verificadores.');
    expect(await page.getByLabel('CPF').inputValue()).toBe('123.456.789-00');
    await page.getByLabel('CPF').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await page.getByRole('button', { name: 'Simular compensação do boleto' }).waitFor();
    expect(await page.locator('#boleto-line').textContent()).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    );
    await Promise.all([
      page.waitForURL(`${storefrontUrl}/payment-confirmation?success=true&session_id=${id}`),
      page.getByRole('link', { name: 'Voltar para a loja' }).click(),
    ]);
    expect(store.sessions.get(id)).toMatchObject({ status: 'pending', paymentMethod: 'boleto' });
    await page.close();
  });
});
