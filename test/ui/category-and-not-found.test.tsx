import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { aProduct } from '../support/builders';
import { renderApp, sampleCatalog, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

describe('category page', () => {
  it('shows the display name as title, every product, a back arrow home; the first screen of images loads at once', async () => {
    app = renderApp({ path: '/category/jackets' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Jaquetas' })).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Produtos: Jaquetas' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const images = within(grid).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'eager']);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images.every((img) => img.getAttribute('width') && img.getAttribute('height'))).toBe(true);
    expect(images.every((img) => img.getAttribute('decoding') === 'async')).toBe(true);

    await app.user.click(screen.getByRole('link', { name: 'Voltar para a página inicial' }));
    expect(app.path()).toBe('/');
  });

  it('loads the images of the first two rows of four at once, and the rest when they come near the screen', async () => {
    const [jackets, ...rest] = sampleCatalog();
    const products = Array.from({ length: 11 }, (_, index) =>
      aProduct().withId(`p${index}`).withName(`Produto ${index}`).build(),
    );
    app = renderApp({ path: `/category/${jackets!.id}`, catalog: memoryCatalog([{ ...jackets!, products }, ...rest]) });
    await settled();
    const images = within(screen.getByRole('list', { name: `Produtos: ${jackets!.displayName}` })).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      ...Array<string>(8).fill('eager'),
      'lazy',
      'lazy',
      'lazy',
    ]);
    // Only the first row is fetched ahead of everything: on a phone the rest would compete with its LCP image.
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      ...Array<string>(4).fill('high'),
      ...Array<string>(7).fill('auto'),
    ]);
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
