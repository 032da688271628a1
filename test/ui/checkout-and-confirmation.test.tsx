import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ky from 'ky';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { createHttpCheckout } from '../../src/adapters/checkout/httpCheckout';
import { CHECKOUT_FAILED_MESSAGE } from '../../src/machines/checkoutMachine';
import { aCartItem } from '../support/builders';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
const loggedIn = { users: [ana], signedInAs: ana.email };
const shirt = () => aCartItem({ id: 'p1', name: 'Camiseta Branca', price: 100 }).withQuantity(2).build();

// The backend, as the HTTP checkout adapter meets it. Never a real host: msw answers in-process.
const BACKEND = 'http://127.0.0.1:5999';
let backendStatus = 500;
const requests: unknown[] = [];
const server = setupServer(
  http.post(`${BACKEND}/create-checkout-session`, async ({ request }) => {
    requests.push(await request.json());
    if (backendStatus !== 200)
      return HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: backendStatus });
    return HttpResponse.json({ url: `${BACKEND}/pay/s-1` });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('checkout, logged out', () => {
  it('shows the message, then goes to /login after 3 s', async () => {
    app = renderApp({ path: '/checkout', cart: [shirt()] });
    await settled();
    expect(screen.getByRole('status').textContent).toMatch(/Você precisa entrar na sua conta para finalizar a compra/);
    expect(screen.queryByRole('button', { name: 'Finalizar Compra' })).toBeNull();
    expect(app.path()).toBe('/checkout');
    await waitFor(() => expect(app!.path()).toBe('/login'), { timeout: 4000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });
});

describe('checkout, logged in', () => {
  it('lists the items with quantity controls and the total', async () => {
    app = renderApp({ path: '/checkout', cart: [shirt()], auth: loggedIn });
    await settled();
    const list = await screen.findByRole('list', { name: 'Itens do pedido' });
    expect(within(list).getByText('Camiseta Branca')).toBeTruthy();
    await app.user.click(within(list).getByRole('button', { name: 'Aumentar quantidade de Camiseta Branca' }));
    expect(screen.getByTestId('cart-total').textContent).toMatch(/R\$\s300,00/);
    expect(screen.getByRole('button', { name: 'Carrinho (3 itens)' })).toBeTruthy();
  });

  it('Finalizar Compra is busy while submitting, then the browser goes to the returned url', async () => {
    app = renderApp({ path: '/checkout', cart: [shirt()], auth: loggedIn });
    await settled();
    await app.user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    await waitFor(() => expect(app!.redirects).toEqual(['http://127.0.0.1:5000/pay/memory-session-1']));
    const button = screen.getByRole('button', { name: 'Finalizar Compra' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Aguarde, abrindo a página de pagamento…')).toBeTruthy();
    // A second click while busy sends nothing more.
    await app.user.click(button);
    expect(app.redirects).toHaveLength(1);
  });

  it('a backend failure (HTTP 500 via msw) shows a short pt-BR message, logs it, and keeps the cart', async () => {
    backendStatus = 500;
    requests.length = 0;
    const auth = memoryAuth(loggedIn);
    const checkout = createHttpCheckout({ http: ky.create({ prefixUrl: BACKEND }), idToken: () => auth.idToken() });
    app = renderApp({ path: '/checkout', cart: [shirt()], auth: loggedIn, checkout });
    await settled();
    await app.user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_FAILED_MESSAGE);
    expect(requests).toEqual([{ products: [expect.objectContaining({ id: 'p1', quantity: 2 })] }]);
    expect(app.redirects).toEqual([]);
    expect(app.logged.map(([m]) => m)).toContain('[createSession] failed');
    expect(JSON.parse(app.cartStorage.raw()!)).toEqual([expect.objectContaining({ id: 'p1', quantity: 2 })]);
    // The button is usable again, and a retry that succeeds redirects.
    backendStatus = 200;
    await app.user.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
    await waitFor(() => expect(app!.redirects).toEqual([`${BACKEND}/pay/s-1`]));
  });

  it('with an empty cart the button is disabled and the empty message shows', async () => {
    app = renderApp({ path: '/checkout', auth: loggedIn });
    await settled();
    expect(await screen.findByText('Seu carrinho está vazio!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Finalizar Compra' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('payment confirmation', () => {
  it('success=true: the success text, the cart is cleared (memory and storage), a button goes home', async () => {
    app = renderApp({ path: '/payment-confirmation?success=true&session_id=s-1', cart: [shirt()] });
    await settled();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Sua compra foi finalizada com sucesso!',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carrinho (0 itens)' })).toBeTruthy());
    expect(app.cartStorage.raw()).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Voltar para a página inicial' }));
    expect(app.path()).toBe('/');
  });

  it.each(['success=false', 'canceled=true'])('%s: the error text and the cart is kept', async (query) => {
    app = renderApp({ path: `/payment-confirmation?${query}`, cart: [shirt()] });
    await settled();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Ocorreu um erro ao finalizar sua compra. Por favor, tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Carrinho (2 itens)' })).toBeTruthy();
    expect(JSON.parse(app.cartStorage.raw()!)).toHaveLength(1);
  });

  it('clears only once: items added afterwards stay', async () => {
    app = renderApp({ path: '/payment-confirmation?success=true', cart: [shirt()] });
    await settled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carrinho (0 itens)' })).toBeTruthy());
    app.services.cart.send({
      type: 'cart.add',
      product: { id: 'x', name: 'Boné Branco', imageUrl: '/images/x.svg', price: 60 },
    });
    await settled();
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();
  });
});
