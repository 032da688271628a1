import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

describe('category page', () => {
  it('shows the display name as title, every product, a back arrow home; images load lazily after the first row', async () => {
    app = renderApp({ path: '/category/jackets' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Jaquetas' })).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Produtos: Jaquetas' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const images = within(grid).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images.every((img) => img.getAttribute('width') && img.getAttribute('height'))).toBe(true);
    expect(images.every((img) => img.getAttribute('decoding') === 'async')).toBe(true);

    await app.user.click(screen.getByRole('link', { name: 'Voltar para a página inicial' }));
    expect(app.path()).toBe('/');
  });

  it('adds from the category page: the button names its product and shows on keyboard focus', async () => {
    app = renderApp({ path: '/category/jackets' });
    await settled();
    await app.user.tab(); // brand
    const add = screen.getByRole('button', { name: 'Adicionar ao carrinho: Jaqueta de Couro Preta' });
    add.focus();
    await app.user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();
  });

  it('an unknown category id is a pt-BR not-found page', async () => {
    app = renderApp({ path: '/category/nao-existe' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Categoria não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/');
  });

  it('a failing read is logged and says the category could not be loaded', async () => {
    app = renderApp({
      path: '/category/jackets',
      catalog: {
        listCategories: async () => [],
        getCategory: async () => {
          throw new Error('offline');
        },
      },
    });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Não foi possível carregar esta categoria' })).toBeTruthy();
    expect(app.logged.map(([m]) => m)).toContain('[getCategory] failed');
  });
});

describe('not found', () => {
  it('an unknown route shows Página não encontrada', async () => {
    app = renderApp({ path: '/nada/aqui' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
  });
});
