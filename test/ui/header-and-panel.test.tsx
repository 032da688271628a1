import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { formatBRL } from '../../src/domain';
import { aCartItem } from '../support/builders';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };

describe('header', () => {
  it('logged out: brand, Explorar, Login, Criar Conta and the cart button, in that order', async () => {
    app = renderApp();
    await settled();
    const brand = screen.getByRole('link', { name: 'Club Clothing' });
    expect(brand.getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const items = within(nav)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(0, 3)).toEqual(['Explorar', 'Login', 'Criar Conta']);
    expect(within(nav).getByRole('link', { name: 'Explorar' }).getAttribute('href')).toBe('/explore');
    expect(within(nav).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Criar Conta' }).getAttribute('href')).toBe('/sign-up');
    expect(within(nav).queryByRole('button', { name: 'Sair' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Carrinho (0 itens)' })).toBeTruthy();
  });

  it('logged in: Sair instead of Login/Criar Conta; Sair signs out', async () => {
    app = renderApp({ auth: { users: [ana], signedInAs: ana.email } });
    await settled();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Criar Conta' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Sair' }));
    await settled();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(app.auth.currentUser()).toBeNull();
  });

  it('the cart button counts quantities, restored from storage', async () => {
    app = renderApp({ cart: [aCartItem().withQuantity(2).build(), aCartItem().withQuantity(1).build()] });
    await settled();
    expect(screen.getByRole('button', { name: 'Carrinho (3 itens)' })).toBeTruthy();
  });

  it('the overlay covers the page while auth is unknown', async () => {
    app = renderApp({ path: '/login' });
    expect(screen.getAllByTestId('loading-overlay').length).toBeGreaterThan(0);
    await settled();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});

describe('cart side panel', () => {
  /** Renders the app, opens the panel with the header's cart button, and returns the panel's <dialog>. */
  async function openCartPanel(): Promise<HTMLDialogElement> {
    app = renderApp();
    await settled();
    await app.user.click(screen.getByRole('button', { name: /^Carrinho/ }));
    return (await screen.findByRole('dialog', { name: 'Carrinho' })) as HTMLDialogElement;
  }

  it('is a modal dialog, empty message when empty, closes with its button and gives focus back', async () => {
    app = renderApp();
    await settled();
    const cartButton = screen.getByRole('button', { name: 'Carrinho (0 itens)' });
    await app.user.click(cartButton);
    const dialog = await screen.findByRole('dialog', { name: 'Carrinho' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(within(dialog).getByText('Seu carrinho está vazio!')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Fechar carrinho' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(cartButton);
  });

  it('Escape (the dialog cancel event) closes it', async () => {
    const dialog = await openCartPanel();
    await act(async () => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog.open).toBe(false);
    expect(app!.services.cart.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });

  it('a late close event from an earlier close does not close the panel that was opened again', async () => {
    // Chromium can deliver a dialog's `close` event long after close() (seen in the e2e covering walks, after a
    // cross-tab sync): by then the shopper has opened the panel again, and it must stay open.
    const dialog = await openCartPanel();
    await act(async () => {
      dialog.dispatchEvent(new Event('close'));
    });
    expect(dialog.open).toBe(true);
    expect(app!.services.cart.getSnapshot().matches({ panel: 'open' })).toBe(true);
    // A close the browser really made (the dialog is no longer open) still brings the machine along.
    await act(async () => {
      dialog.close();
      dialog.dispatchEvent(new Event('close'));
    });
    expect(app!.services.cart.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });

  it('a click on the backdrop (the dialog element itself) closes it', async () => {
    const dialog = await openCartPanel();
    await act(async () => {
      dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(dialog.open).toBe(false);
  });

  it('lists items with quantity controls and the total; Ir para o Checkout goes to /checkout and closes', async () => {
    const shirt = aCartItem({ id: 'p1', name: 'Camiseta Branca', price: 100 }).withQuantity(1).build();
    const dress = aCartItem({ id: 'p2', name: 'Vestido Vermelho', price: 89.9 }).withQuantity(2).build();
    app = renderApp({ cart: [shirt, dress] });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Carrinho (3 itens)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carrinho' });
    const lines = within(dialog).getAllByTestId('cart-line');
    expect(lines.map((l) => within(l).getByTestId('cart-line-quantity').textContent)).toEqual(['1', '2']);
    expect(within(dialog).getByTestId('cart-total').textContent).toBe(`Total${formatBRL(279.8)}`);

    await app.user.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade de Camiseta Branca' }));
    expect(within(dialog).getByTestId('cart-total').textContent).toBe(`Total${formatBRL(379.8)}`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Diminuir quantidade de Vestido Vermelho' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Diminuir quantidade de Vestido Vermelho' }));
    expect(within(dialog).queryByText('Vestido Vermelho')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Remover Camiseta Branca do carrinho' }));
    expect(within(dialog).getByText('Seu carrinho está vazio!')).toBeTruthy();
    expect(app.cartStorage.raw()).toBeNull();

    await app.user.click(within(dialog).getByRole('button', { name: 'Ir para o Checkout' }));
    await waitFor(() => expect(app!.path()).toBe('/checkout'));
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });
});
