import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatBRL } from '../../src/domain';
import { renderApp, sampleCatalog, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

describe('home', () => {
  it('shows at most 5 category tiles, each linking to its category page', async () => {
    app = renderApp();
    await settled();
    const tiles = within(screen.getByRole('list', { name: 'Categorias' })).getAllByRole('link');
    expect(tiles).toHaveLength(5);
    expect(tiles[0]?.getAttribute('href')).toBe('/category/jackets');
    expect(tiles[0]?.textContent).toContain('Jaquetas');
    expect(screen.queryByRole('link', { name: 'Acessórios' })).toBeNull();
  });

  it('shows the loading overlay until the catalog arrives', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const catalog = sampleCatalog();
    app = renderApp({
      catalog: {
        listCategories: async () => {
          await gate;
          return catalog;
        },
        getCategory: async () => catalog[0]!,
      },
    });
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Carregando…');
    release();
    await settled();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(screen.getByRole('link', { name: 'Jaquetas' })).toBeTruthy();
  });

  it('says so (and logs) when the catalog cannot be read, and retries on request', async () => {
    let fail = true;
    const catalog = sampleCatalog();
    app = renderApp({
      catalog: {
        listCategories: async () => {
          if (fail) throw new Error('offline');
          return catalog;
        },
        getCategory: async () => catalog[0]!,
      },
    });
    await settled();
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível carregar as categorias.');
    expect(app.logged.map(([message]) => message)).toContain('[listCategories] failed');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settled();
    expect(screen.getByRole('link', { name: 'Jaquetas' })).toBeTruthy();
  });
});

describe('explore', () => {
  it('lists every category with its first 4 products, prices in R$', async () => {
    app = renderApp({ path: '/explore' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Explorar' })).toBeTruthy();
    const sections = screen.getAllByRole('region');
    expect(sections).toHaveLength(6);
    const jackets = screen.getByRole('region', { name: 'Jaquetas' });
    expect(within(jackets).getAllByRole('listitem')).toHaveLength(4);
    expect(within(jackets).queryByText('Jaqueta Jeans')).toBeNull();
    expect(within(jackets).getByText('R$ 500,00').textContent).toBe(formatBRL(500));
    expect(within(jackets).getByRole('link', { name: 'Jaquetas' }).getAttribute('href')).toBe('/category/jackets');
    // A desktop's first screen shows two sections: their images load at once, the others when near the screen.
    // Only the first section's are fetched ahead of everything (a phone shows no more).
    const loadingOf = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('img')
        .map((img) => `${img.getAttribute('loading')} ${img.getAttribute('fetchpriority')}`);
    expect(loadingOf('Jaquetas')).toEqual(['eager high', 'eager high', 'eager high', 'eager high']);
    expect(loadingOf('Tênis')).toEqual(['eager auto', 'eager auto']);
    expect(loadingOf('Masculino')).toEqual(['lazy auto', 'lazy auto']);
  });

  it('adds a product to the cart from its card; the header count is the sum of quantities', async () => {
    app = renderApp({ path: '/explore' });
    await settled();
    const add = screen.getByRole('button', { name: 'Adicionar ao carrinho: Blazer Bege' });
    await app.user.click(add);
    await app.user.click(add);
    await app.user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho: Corta Vento' }));
    expect(screen.getByRole('button', { name: 'Carrinho (3 itens)' })).toBeTruthy();
    expect(await app.cartStorage.load()).toEqual([
      expect.objectContaining({ id: 'j2', quantity: 2 }),
      expect.objectContaining({ id: 'j3', quantity: 1 }),
    ]);
  });
});
