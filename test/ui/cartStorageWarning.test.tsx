// A browser that refuses to save the cart (full storage, or denied by a privacy setting): the items stay, and
// the shopper is told once, until a save works again.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { memoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { renderApp, sampleCatalog, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const WARNING =
  'Não conseguimos salvar seu carrinho neste navegador; ele ficará salvo enquanto esta aba estiver aberta.';

describe('cart storage warning', () => {
  it('keeps every add in the header, shows the warning once while storage refuses, and hides it after a save works', async () => {
    const cartStorage = memoryCartStorage();
    const category = sampleCatalog()[0]!;
    const [first, second] = category.products;
    app = renderApp({ path: `/category/${category.id}`, cartStorage });
    await settled();
    expect(screen.queryByTestId('cart-storage-warning')).toBeNull();

    cartStorage.failWrites(true);
    await app.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${first!.name}` }));
    await app.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${second!.name}` }));
    await app.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${first!.name}` }));
    await waitFor(() => expect(screen.getAllByTestId('cart-storage-warning')).toHaveLength(1));
    const warning = screen.getByTestId('cart-storage-warning');
    expect(warning.textContent).toBe(WARNING);
    expect(warning.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Carrinho (3 itens)' })).toBeTruthy();
    expect(cartStorage.raw()).toBeNull();

    cartStorage.failWrites(false);
    await app.user.click(screen.getByRole('button', { name: `Adicionar ao carrinho: ${second!.name}` }));
    await waitFor(() => expect(screen.queryByTestId('cart-storage-warning')).toBeNull());
    const saved = JSON.parse(cartStorage.raw() ?? '[]') as Array<{ id: string; quantity: number }>;
    expect(saved.map((i) => [i.id, i.quantity])).toEqual([
      [first!.id, 2],
      [second!.id, 2],
    ]);
  });
});
