// Stock on screen (docs/requirements.md#stock), over the memory catalog with `products` documents that carry stock:
// the badges of cards and product pages, the disabled "Adicionar ao carrinho" and why, the cart's cap and its
// sold-out line, and what "Finalizar Compra" sends. Every expected text is written out here.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CheckoutFailedError, type CheckoutPort } from '../../src/adapters/checkout/checkoutPort';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import type { Category } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { aCartItem, aCategory, aProduct } from '../support/builders';
import { renderApp, settled } from './support/renderApp';

const hats: Category = aCategory({ id: 'hats', name: 'hats', displayName: 'Chapéus', imageUrl: '/images/hats.svg' })
  .withProducts([
    aProduct({ id: 'chapeu', name: 'Chapéu Bucket Verde', price: 99.9, imageUrl: '/images/c.svg' }).build(),
    aProduct({ id: 'boina', name: 'Boina de Lã Marrom', price: 120, imageUrl: '/images/b.svg' }).build(),
    aProduct({ id: 'gorro', name: 'Gorro Cinza', price: 60, imageUrl: '/images/g.svg' }).build(),
    aProduct({ id: 'bone', name: 'Boné Branco', price: 50, imageUrl: '/images/o.svg' }).build(),
  ])
  .build();
/** chapeu sold out, boina 2 left, gorro 30 left, bone untracked. */
const UNITS: Record<string, number> = { chapeu: 0, boina: 2, gorro: 30 };

function stockedCatalog() {
  const products = Object.fromEntries(
    productDocumentsOf(hats).map((document) => [
      document.id,
      UNITS[document.id] === undefined ? document : { ...document, stock: UNITS[document.id] },
    ]),
  );
  return memoryCatalog({ hats: categoryDocumentOf(hats) }, { products });
}

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
const loggedIn = { users: [ana], signedInAs: ana.email };
const line = (id: string, quantity: number) => {
  const product = hats.products.find((p) => p.id === id)!;
  return aCartItem({ ...product })
    .withQuantity(quantity)
    .build();
};

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  cleanup();
  app?.services.stop();
  app = undefined;
});

const addButton = (name: string) =>
  screen.getByRole('button', { name: `Adicionar ao carrinho: ${name}` }) as HTMLButtonElement;

describe('stock on the cards of a category', () => {
  it('"Esgotado" with the add button disabled and described by it; "Últimas unidades" at 2; nothing otherwise', async () => {
    app = renderApp({ path: '/category/hats', catalog: stockedCatalog() });
    await settled();
    await waitFor(() => expect(addButton('Chapéu Bucket Verde').disabled).toBe(true));
    const soldOut = addButton('Chapéu Bucket Verde');
    const reason = document.getElementById(soldOut.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Esgotado');
    expect(screen.getAllByText('Esgotado')).toHaveLength(1);
    expect(screen.getAllByText('Últimas unidades')).toHaveLength(1);
    const boina = addButton('Boina de Lã Marrom');
    expect(boina.disabled).toBe(false);
    expect(boina.closest('li')!.textContent).toContain('Últimas unidades');
    for (const name of ['Gorro Cinza', 'Boné Branco']) {
      expect(addButton(name).disabled).toBe(false);
      expect(addButton(name).hasAttribute('aria-describedby')).toBe(false);
    }
  });

  it('a click on a sold-out card adds nothing', async () => {
    app = renderApp({ path: '/category/hats', catalog: stockedCatalog() });
    await settled();
    await waitFor(() => expect(addButton('Chapéu Bucket Verde').disabled).toBe(true));
    await app.user.click(addButton('Chapéu Bucket Verde'));
    expect(screen.getByRole('button', { name: 'Carrinho (0 itens)' })).toBeTruthy();
  });
});

describe('stock on a product page', () => {
  it('the sold-out hat: "Esgotado" beside the price, "Adicionar ao carrinho" disabled and described by it', async () => {
    app = renderApp({ path: '/product/chapeu', catalog: stockedCatalog() });
    await settled();
    const button = (await screen.findByRole('button', { name: 'Adicionar ao carrinho' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Esgotado');
    // Beside the price, in its row.
    const row = screen.getByText('Esgotado').parentElement!;
    expect(row.textContent?.replace(/\u00a0/g, ' ')).toBe('R$ 99,90Esgotado');
  });

  it('2 left: "Últimas unidades", the button works', async () => {
    app = renderApp({ path: '/product/boina', catalog: stockedCatalog() });
    await settled();
    await screen.findByText('Últimas unidades');
    const button = screen.getByRole('button', { name: 'Adicionar ao carrinho' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await app.user.click(button);
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();
  });

  it('plenty left, or untracked: no badge', async () => {
    app = renderApp({ path: '/product/gorro', catalog: stockedCatalog() });
    await settled();
    await screen.findByRole('heading', { name: 'Gorro Cinza', level: 1 });
    await settled();
    expect(screen.queryByText('Esgotado')).toBeNull();
    expect(screen.queryByText('Últimas unidades')).toBeNull();
  });
});

describe('the cart against the stock', () => {
  it('opening the panel: 3 boinas come down to 2 with "Só temos 2 unidades", the sold-out hat is marked and named, the rest kept', async () => {
    app = renderApp({
      path: '/category/hats',
      catalog: stockedCatalog(),
      cart: [line('boina', 3), line('chapeu', 1), line('gorro', 2)],
    });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Carrinho (6 itens)' }));
    const panel = screen.getByRole('dialog', { hidden: true });
    await within(panel).findByText('Só temos 2 unidades');
    const lines = within(panel).getAllByTestId('cart-line');
    expect(lines.map((l) => within(l).getByTestId('cart-line-quantity').textContent)).toEqual(['2', '1', '2']);
    const increase = within(panel).getByRole('button', { name: 'Aumentar quantidade de Boina de Lã Marrom' });
    expect((increase as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(increase.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Só temos 2 unidades',
    );
    expect(within(lines[1]!).getByText('Esgotado')).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Chapéu Bucket Verde esgotou e ficou fora do pedido.');
    // Total: 2 × R$ 120,00 + 2 × R$ 60,00, the sold-out hat left out.
    expect(
      within(panel)
        .getByTestId('cart-total')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('TotalR$ 360,00');
    // Saved with the cap; the sold-out line is still in the cart.
    await waitFor(() =>
      expect(
        JSON.parse(app!.cartStorage.raw()!).map((i: { id: string; quantity: number }) => [i.id, i.quantity]),
      ).toEqual([
        ['boina', 2],
        ['chapeu', 1],
        ['gorro', 2],
      ]),
    );
  });

  it('"Finalizar Compra" leaves the sold-out line out of the order', async () => {
    const checkout = memoryCheckout();
    app = renderApp({
      path: '/checkout',
      catalog: stockedCatalog(),
      cart: [line('chapeu', 1), line('gorro', 1)],
      auth: loggedIn,
      checkout,
    });
    await settled();
    // On the page (and in the closed panel, which holds the same lines).
    await screen.findAllByText('Chapéu Bucket Verde esgotou e ficou fora do pedido.');
    await app.user.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
    await waitFor(() => expect(checkout.requests).toHaveLength(1));
    expect(checkout.requests[0]!.map((item) => item.id)).toEqual(['gorro']);
  });

  it('a cart of sold-out lines only cannot be ordered', async () => {
    app = renderApp({ path: '/checkout', catalog: stockedCatalog(), cart: [line('chapeu', 2)], auth: loggedIn });
    await settled();
    await screen.findAllByText('Chapéu Bucket Verde esgotou e ficou fora do pedido.');
    expect((screen.getByRole('button', { name: 'Finalizar Compra' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the backend's 409 for too few units shows its own message under the button", async () => {
    const message = 'Só temos 2 unidades de Boina de Lã Marrom. Ajuste a quantidade no carrinho para continuar.';
    const checkout: CheckoutPort = {
      createSession: async () => {
        throw new CheckoutFailedError('conflict', 'insufficient_stock', { status: 409, userMessage: message });
      },
    };
    app = renderApp({ path: '/checkout', cart: [line('gorro', 1)], auth: loggedIn, checkout });
    await settled();
    await app.user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
