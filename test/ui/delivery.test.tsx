// Frete and delivery dates by CEP (docs/requirements.md#delivery) on screen: the product page's estimator, the CEP messages, the cart
// panel, the checkout's "Frete" and "Total com frete" lines and the delivery sent with the checkout, the CEP
// remembered across a remount, and a CEP typed into a prerendered page before hydration. Every expected price and
// date is worked out here from the rate card written out by hand below, never by the quoting code.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalog as seedCatalog } from '../../seed/seedCatalog';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { createLocalStorageCart } from '../../src/adapters/cartStorage/localStorageCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import { createLocalStorageDeliveryCep } from '../../src/adapters/deliveryCep/localStorageDeliveryCep';
import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import { readBootData } from '../../src/bootData';
import { deferAuth } from '../../src/deferredAuth';
import { EARLY_CEP_SCRIPT } from '../../src/earlyCep';
import { takeEarlyClicks } from '../../src/earlyClicks';
import { App } from '../../src/ui/App';
import { createServices } from '../../src/ui/createServices';
import { aCartItem } from '../support/builders';
import { PARCEL_SHELL } from '../support/parcelShell';
import { renderApp, sampleCatalog, settled } from './support/renderApp';
import { createBrowserNavigation } from '../../src/adapters/navigation/browserNavigation';

// ---------------------------------------------------------------------------------------------------------------
// The rate card of docs/requirements.md#delivery, by hand (centavos; transit in business days after one day of handling).
const RATES = {
  SP: { economica: { base: 1590, per500g: 250, days: [2, 4] }, expressa: { base: 2490, per500g: 400, days: [1, 2] } },
  SE: { economica: { base: 1990, per500g: 350, days: [3, 6] }, expressa: { base: 2990, per500g: 500, days: [1, 3] } },
} as const;
type Zone = keyof typeof RATES;
const UNIT_GRAMS: Record<string, number> = { jackets: 1200, hats: 250 };
const PACKAGING_GRAMS = 200;
const FREE_ECONOMICA_FROM = 29_900;
const HANDLING_DAYS = 1;

/** A Tuesday, 12:00 in Brasília: no holiday in the fortnight after it (25 de dezembro is further on). */
const TODAY = '2026-12-01';
const NOW = new Date('2026-12-01T15:00:00Z');
const HOLIDAYS = new Set(['2026-12-25', '2027-01-01']);
const WEEKDAYS = ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'];
const MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];

function businessDaysAfter(day: string, count: number): Date {
  const date = new Date(`${day}T12:00:00Z`);
  for (let left = count; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date.toISOString().slice(0, 10))) left--;
  }
  return date;
}
const dayText = (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`;

/** "R$ 1.234,56" with a plain space (Testing Library reads the no-break space as one). */
function brl(centavos: number): string {
  const whole = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, '.');
  return `R$ ${whole},${String(centavos % 100).padStart(2, '0')}`;
}

interface Line {
  category: string;
  reais: number;
  quantity: number;
}
interface Expected {
  price: string;
  amount: number;
  window: string;
}

function expectedQuote(zone: Zone, lines: Line[]): Record<'economica' | 'expressa', Expected> {
  const grams = PACKAGING_GRAMS + lines.reduce((sum, l) => sum + UNIT_GRAMS[l.category]! * l.quantity, 0);
  const steps = Math.max(0, Math.ceil((grams - 1000) / 500));
  const subtotal = lines.reduce((sum, l) => sum + Math.round(l.reais * 100) * l.quantity, 0);
  const one = (service: 'economica' | 'expressa'): Expected => {
    const rate = RATES[zone][service];
    const amount = service === 'economica' && subtotal >= FREE_ECONOMICA_FROM ? 0 : rate.base + steps * rate.per500g;
    const from = businessDaysAfter(TODAY, HANDLING_DAYS + rate.days[0]);
    const to = businessDaysAfter(TODAY, HANDLING_DAYS + rate.days[1]);
    return {
      amount,
      price: amount === 0 ? 'Grátis' : brl(amount),
      window: `Chega entre ${dayText(from)} e ${dayText(to)}`,
    };
  };
  return { economica: one('economica'), expressa: one('expressa') };
}

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');
const CEP_INVALID = 'CEP inválido. Use 8 números, como 01310-100.';
const RJ_CEP = '20040-002'; // Rio de Janeiro: zone SE

// ---------------------------------------------------------------------------------------------------------------

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.unmountAll();
  app = undefined;
});

/** The storefront on TODAY's clock (the day quotes count from). */
const renderShop = (options: Parameters<typeof renderApp>[0] = {}) =>
  renderApp({ now: () => NOW.getTime(), ...options });

/** The CEP field, once the delivery chunk (loaded on the first need) has drawn it. */
const cepField = () => screen.findByRole('textbox', { name: 'Calcular frete' }, { timeout: 10_000 });

async function quote(cep: string) {
  const field = await cepField();
  await app!.user.clear(field);
  await app!.user.type(field, cep);
  await app!.user.click(screen.getByRole('button', { name: 'Calcular' }));
}

/** The options on screen: each radio's accessible text, and which one is checked. */
async function shownOptions() {
  // A deadline in real time: the quote's code is a chunk loaded on the first quote, slow on a busy machine.
  const group = await screen.findByRole('group', { name: 'Opções de entrega' }, { timeout: 10_000 });
  const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
  return radios.map((radio) => ({ text: text(radio.closest('label')), checked: radio.checked }));
}

describe('product page', () => {
  it('a CEP shows Econômica and Expressa with their prices and delivery dates; choosing one checks it', async () => {
    app = renderShop({ path: '/product/j4' }); // Regata Azul, R$ 150,00, Jaquetas
    await settled();
    const field = (await cepField()) as HTMLInputElement;
    expect(field.getAttribute('placeholder')).toBe('00000-000');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('postal-code');
    expect(field.maxLength).toBe(9);

    await quote(RJ_CEP);
    const expected = expectedQuote('SE', [{ category: 'jackets', reais: 150, quantity: 1 }]);
    expect(await shownOptions()).toEqual([
      { text: `Econômica${expected.economica.price}${expected.economica.window}`, checked: true },
      { text: `Expressa${expected.expressa.price}${expected.expressa.window}`, checked: false },
    ]);
    // The figures themselves, so a wrong rate card above cannot agree with a wrong quote by accident.
    expect(expected.economica.price).toBe('R$ 23,40');
    expect(expected.expressa.window).toBe('Chega entre qui., 3 de dez. e seg., 7 de dez.');

    await app.user.click(screen.getByRole('radio', { name: /^Expressa/ }));
    expect((await shownOptions()).map((o) => o.checked)).toEqual([false, true]);
    // The results are announced politely.
    expect(screen.getByRole('group', { name: 'Opções de entrega' }).closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('from R$ 299,00 Econômica is "Grátis"', async () => {
    app = renderShop({ path: '/product/j2' }); // Blazer Bege, R$ 400,00
    await settled();
    await quote('01310-100'); // São Paulo: zone SP
    const expected = expectedQuote('SP', [{ category: 'jackets', reais: 400, quantity: 1 }]);
    expect(expected.economica.price).toBe('Grátis');
    expect(await shownOptions()).toEqual([
      { text: `EconômicaGrátis${expected.economica.window}`, checked: true },
      { text: `Expressa${expected.expressa.price}${expected.expressa.window}`, checked: false },
    ]);
  });

  it.each(['abc', '1234567', '00000-000'])('"%s" is refused with the pt-BR message next to the field', async (cep) => {
    app = renderShop({ path: '/product/j4' });
    await settled();
    await quote(cep);
    const field = screen.getByRole('textbox', { name: 'Calcular frete' });
    const message = await screen.findByRole('alert');
    expect(text(message)).toBe(CEP_INVALID);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('group', { name: 'Opções de entrega' })).toBeNull();
    // A valid CEP afterwards clears the message.
    await quote(RJ_CEP);
    await screen.findByRole('group', { name: 'Opções de entrega' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('the CEP is remembered: the page opened again shows it and its options without typing', async () => {
    const deliveryCep = memoryDeliveryCep();
    app = renderShop({ path: '/product/j4', deliveryCep });
    await settled();
    await quote(RJ_CEP);
    await shownOptions();
    app.unmountAll();

    app = renderShop({ path: '/product/j4', deliveryCep });
    await settled();
    expect(((await cepField()) as HTMLInputElement).value).toBe(RJ_CEP);
    const expected = expectedQuote('SE', [{ category: 'jackets', reais: 150, quantity: 1 }]);
    expect((await shownOptions()).map((o) => o.text)).toEqual([
      `Econômica${expected.economica.price}${expected.economica.window}`,
      `Expressa${expected.expressa.price}${expected.expressa.window}`,
    ]);
  });
});

// The cart of the panel and checkout tests: Regata Azul (R$ 150,00, Jaquetas) and Chapéus Um (R$ 92,90, Chapéus).
const cartLines: Line[] = [
  { category: 'jackets', reais: 150, quantity: 1 },
  { category: 'hats', reais: 92.9, quantity: 1 },
];
function cartItems() {
  const catalog = sampleCatalog();
  const regata = catalog[0]!.products.find((p) => p.id === 'j4')!;
  const hat = catalog.find((c) => c.id === 'hats')!.products[0]!;
  expect([regata.price, hat.price]).toEqual([150, 92.9]);
  return [aCartItem().of(regata).build(), aCartItem().of(hat).build()];
}

describe('cart panel', () => {
  it("with items: the estimator under the lines quotes the cart; the cart's total and button are unchanged", async () => {
    app = renderShop({ path: '/', cart: cartItems() });
    await settled();
    // Opening the panel with items loads the delivery chunk; the component waiting for it resumes in an awaited act.
    await act(async () => {
      await app!.user.click(screen.getByRole('button', { name: 'Carrinho (2 itens)' }));
    });
    const panel = screen.getByRole('dialog', { name: 'Carrinho' });
    await quote(RJ_CEP);
    const expected = expectedQuote('SE', cartLines);
    expect(expected.economica.price).toBe('R$ 26,90');
    expect((await shownOptions()).map((o) => o.text)).toEqual([
      `Econômica${expected.economica.price}${expected.economica.window}`,
      `Expressa${expected.expressa.price}${expected.expressa.window}`,
    ]);
    expect(text(within(panel).getByTestId('cart-total'))).toBe(`Total${brl(24290)}`);
    expect(within(panel).getByRole('button', { name: 'Ir para o Checkout' })).toBeTruthy();
  });

  it("empty: only the empty cart's message, no CEP field", async () => {
    app = renderShop({ path: '/' });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Carrinho (0 itens)' }));
    expect(screen.getByText('Seu carrinho está vazio!')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Calcular frete' })).toBeNull();
  });
});

describe('checkout', () => {
  const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
  const loggedIn = { users: [ana], signedInAs: ana.email };

  it('"Frete" and "Total com frete" under the cart\'s total; Finalizar Compra sends the chosen CEP and service', async () => {
    const checkout = memoryCheckout();
    app = renderShop({ path: '/checkout', cart: cartItems(), auth: loggedIn, checkout });
    await settled();
    await screen.findByRole('list', { name: 'Itens do pedido' });
    expect(text(screen.getByTestId('checkout-delivery'))).toBe('Calcule acima');
    expect(screen.queryByTestId('checkout-total-with-delivery')).toBeNull();

    await quote(RJ_CEP);
    await shownOptions();
    const expected = expectedQuote('SE', cartLines);
    const products = 24290;
    expect(text(screen.getByTestId('cart-total'))).toBe(`Total${brl(products)}`);
    expect(text(screen.getByTestId('checkout-delivery'))).toBe(expected.economica.price);
    expect(text(screen.getByTestId('checkout-total-with-delivery'))).toBe(brl(products + expected.economica.amount));
    expect(text(screen.getByTestId('checkout-total-with-delivery').closest('div'))).toBe(
      `Total com frete${brl(26980)}`,
    );

    await app.user.click(screen.getByRole('radio', { name: /^Expressa/ }));
    expect(text(screen.getByTestId('checkout-delivery'))).toBe(expected.expressa.price);
    expect(text(screen.getByTestId('checkout-total-with-delivery'))).toBe(brl(products + expected.expressa.amount));
    // The cart's total line comes first, then the delivery lines.
    const total = screen.getByTestId('cart-total');
    expect(
      total.compareDocumentPosition(screen.getByTestId('checkout-delivery')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
    await waitFor(() => expect(app!.redirects).toHaveLength(1));
    expect(checkout.deliveries).toEqual([{ cep: '20040002', service: 'expressa' }]);
  });

  it('without a quote Finalizar Compra still sends the plain call, with no delivery', async () => {
    const checkout = memoryCheckout();
    app = renderShop({ path: '/checkout', cart: cartItems(), auth: loggedIn, checkout });
    await settled();
    await app.user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    await waitFor(() => expect(app!.redirects).toHaveLength(1));
    expect(checkout.deliveries).toEqual([null]);
    expect(checkout.requests.map((items) => items.map((i) => i.id))).toEqual([['j4', 'hats-1']]);
  });
});

describe('a prerendered product page', () => {
  const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  // Jaqueta Bomber Vinho, R$ 289,90 (under the free threshold), Jaquetas.
  const jackets = seedCatalog.find((c) => c.id === 'jackets')!;
  const bomber = jackets.products.find((p) => p.id === 'jaqueta-bomber-vinho')!;
  let dist: string;
  let cleanup: (() => void) | undefined;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'club-delivery-'));
    // The build's own prerender, in a process of its own as in the build (test/ui/support/prerenderSeed.ts says why).
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/ui/support/prerenderSeed.ts', dist, 'https://loja.example', PARCEL_SHELL],
      { cwd: REPO },
    );
    // A ceiling, not a measurement: the prerender's own process compiles the app with tsx, slow on a busy machine.
  }, 120_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  afterEach(() => {
    cleanup?.();
    cleanup = undefined;
  });

  it('has the CEP form in its HTML, and keeps a CEP typed (and submitted) before hydration: quoted once hydrated', async () => {
    expect(bomber.price).toBe(289.9);
    const html = readFileSync(join(dist, 'product', bomber.id, 'index.html'), 'utf8');
    expect(html).toContain(`<script>${EARLY_CEP_SCRIPT}</script>`);
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    document.head.innerHTML = parsed.head.innerHTML;
    document.body.innerHTML = parsed.body.innerHTML;
    window.history.replaceState(null, '', `/product/${bomber.id}`);
    const field = document.querySelector<HTMLInputElement>('input[autocomplete="postal-code"]')!;
    expect(field, 'the CEP field in the prerendered HTML').not.toBeNull();
    expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Calcular frete');

    // Before the app: the page's inline scripts run, the shopper types a CEP and presses Enter.
    const recoverable: string[] = [];
    const consoleLines: string[] = [];
    const spies = (['error', 'warn'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        const line = args.map(String).join(' ');
        // React's dev-build note when a file earlier in this shared worker server-rendered the same contexts
        // (vitest.config.ts says why it says nothing about the app).
        if (!line.startsWith('Detected multiple renderers concurrently'))
          consoleLines.push(`${level}: ${line.slice(0, 300)}`);
      }),
    );
    let stopSubmits = () => {};
    for (const script of [...document.querySelectorAll('script')]) {
      if (script.type !== '' || /\.type="module"/.test(script.text)) continue;
      if (script.text === EARLY_CEP_SCRIPT) {
        // Run over a document whose listeners this test can take back (the script adds one for the page's life).
        const add = document.addEventListener.bind(document);
        const added: Array<
          [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]
        > = [];
        document.addEventListener = ((
          type: string,
          listener: EventListenerOrEventListenerObject,
          options?: boolean | AddEventListenerOptions,
        ) => {
          added.push([type, listener, options]);
          add(type, listener, options);
        }) as typeof document.addEventListener;
        new Function(script.text)();
        document.addEventListener = add;
        stopSubmits = () =>
          added.forEach(([type, listener, options]) => document.removeEventListener(type, listener, options));
      } else new Function(script.text)();
    }
    field.value = RJ_CEP;
    const form = field.closest('form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented, "the browser's own submit (a reload) is stopped").toBe(true);

    // Hydrated the way src/main.tsx does it.
    const boot = readBootData(document, (message) => consoleLines.push(message));
    const services = createServices(
      {
        auth: deferAuth(
          async () => memoryAuth(),
          () => {},
        ),
        users: memoryUsers(),
        catalog: memoryCatalog(seedCatalog),
        checkout: memoryCheckout(),
        orders: memoryOrders(),
        cartStorage: createLocalStorageCart({ storage: window.localStorage }),
        deliveryCep: createLocalStorageDeliveryCep({ storage: window.localStorage }),
        navigation: createBrowserNavigation(window),
      },
      {
        logError: (message, error) => consoleLines.push(`${message} ${String(error)}`),
        navigateToLogin: () => {},
        redirectTo: () => {},
      },
      { catalogSnapshot: boot!.catalog, now: () => NOW.getTime() },
    );
    let root: Root | undefined;
    cleanup = () => {
      if (root) act(() => root!.unmount());
      services.stop();
      stopSubmits();
      takeEarlyClicks(window);
      delete (window as { __clubTakeEarlyClicks?: unknown }).__clubTakeEarlyClicks;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
      localStorage.clear();
      spies.forEach((spy) => spy.mockRestore());
    };
    await act(async () => {
      // The browser's location, named: a server render earlier in this worker (test/ui/search.test.tsx) can leave
      // its ssrPath in wouter's context, which a <Router> without a `hook` of its own inherits.
      const router = { hook: useBrowserLocation };
      root = hydrateRoot(
        document.getElementById('root')!,
        <App
          services={services}
          router={router}
          onHydrated={() => services.catalog.send({ type: 'catalog.refresh' })}
        />,
        {
          onRecoverableError: (error) => recoverable.push(String(error).slice(0, 300)),
        },
      );
    });
    await settled();

    const expected = expectedQuote('SE', [{ category: 'jackets', reais: 289.9, quantity: 1 }]);
    expect(expected.expressa.price).toBe('R$ 34,90');
    // The options, or a hydration error that would explain their absence (reported first), whichever comes first.
    await waitFor(
      () =>
        expect(recoverable.length > 0 || screen.queryByRole('group', { name: 'Opções de entrega' }) !== null).toBe(
          true,
        ),
      { timeout: 10_000 },
    );
    expect(recoverable, 'hydration errors').toEqual([]);
    expect((await shownOptions()).map((o) => o.text)).toEqual([
      `Econômica${expected.economica.price}${expected.economica.window}`,
      `Expressa${expected.expressa.price}${expected.expressa.window}`,
    ]);
    // The same element, hydrated (not rendered again), still showing what was typed.
    expect(screen.getByRole('textbox', { name: 'Calcular frete' })).toBe(field);
    expect(field.value).toBe(RJ_CEP);
    expect(recoverable, 'hydration errors').toEqual([]);
    expect(consoleLines, 'console errors and warnings').toEqual([]);
  });
});
