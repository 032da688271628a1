import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CatalogUnavailableError } from '../../src/adapters/catalog/catalogPort';
import type { Category } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { renderApp, sampleCatalog, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

describe('product page /product/:id', () => {
  it('shows the large image, name, R$ price, breadcrumb and up to 4 other products of the category', async () => {
    app = renderApp({ path: '/product/j2' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Blazer Bege' })).toBeTruthy();
    expect(screen.getByText('R$ 400,00')).toBeTruthy(); // Testing Library reads formatBRL's no-break space as a space
    expect(screen.getByRole('img', { name: 'Blazer Bege' }).getAttribute('width')).toBe('800');
    const crumbs = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Início', 'Jaquetas', 'Blazer Bege']);
    expect(within(crumbs).getByRole('link', { name: 'Jaquetas' }).getAttribute('href')).toBe('/category/jackets');
    const related = screen.getByRole('region', { name: 'Você também pode gostar' });
    // The first four others of Jaquetas, in catalog order, never the product itself.
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Jaqueta de Couro Preta', 'Corta Vento', 'Regata Azul', 'Jaqueta Jeans']);
  });

  it('"Adicionar ao carrinho" sends the same cart.add as the cards (twice: quantity 2)', async () => {
    app = renderApp({ path: '/product/j2' });
    await settled();
    const add = screen.getByRole('button', { name: 'Adicionar ao carrinho' });
    await app.user.click(add);
    await app.user.click(add);
    expect(screen.getByRole('button', { name: 'Carrinho (2 itens)' })).toBeTruthy();
  });

  it('shows the description when the product has one, and nothing in its place when not', async () => {
    const categories = sampleCatalog();
    categories[0]!.products[1] = { ...categories[0]!.products[1]!, description: 'Blazer de alfaiataria em tom bege.' };
    app = renderApp({ path: '/product/j2', catalog: memoryCatalog(categories) });
    await settled();
    expect(screen.getByText('Blazer de alfaiataria em tom bege.')).toBeTruthy();
    app.unmountAll();
    app = renderApp({ path: '/product/j3', catalog: memoryCatalog(categories) });
    await settled();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Corta Vento' }).parentElement?.querySelector('.description'),
    ).toBeNull();
  });

  it('cards link image and name to the product page; their add button adds without navigating', async () => {
    app = renderApp({ path: '/category/jackets' });
    await settled();
    const grid = screen.getByRole('list', { name: 'Produtos: Jaquetas' });
    await app.user.click(within(grid).getByRole('button', { name: 'Adicionar ao carrinho: Corta Vento' }));
    expect(app.path()).toBe('/category/jackets');
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();
    // The image repeats the link for the mouse (out of the tab order); the keyboard's link is the name.
    expect(
      within(grid)
        .getAllByRole('link', { name: 'Corta Vento' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/product/j3', '/product/j3']);
    await app.user.click(within(within(grid).getByRole('heading', { name: 'Corta Vento' })).getByRole('link'));
    expect(app.path()).toBe('/product/j3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corta Vento' })).toBeTruthy();
  });

  it('an unknown product id is a pt-BR not-found page once the catalog is known', async () => {
    app = renderApp({ path: '/product/nao-existe' });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Produto não encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/');
  });
});

describe('product page: a product no category preview holds (catalog at scale)', () => {
  /** Jaquetas with 30 products: its document lists the first 24 (the preview), the products collection all. */
  function largeShop() {
    const jackets: Category = {
      ...sampleCatalog()[0]!,
      products: Array.from({ length: 30 }, (_, i) => ({
        id: `jl${i + 1}`,
        name: `Jaqueta Número ${i + 1}`,
        price: 100 + i,
        imageUrl: `/images/jl${i + 1}.svg`,
      })),
    };
    const categories = { jackets: { ...categoryDocumentOf(jackets), order: 0 } };
    const products = Object.fromEntries(productDocumentsOf(jackets).map((doc) => [doc.id, doc]));
    return memoryCatalog(categories, { products });
  }

  it('shows the 28th product (outside the 24-product preview) read alone, with its category and related products', async () => {
    const catalog = largeShop();
    app = renderApp({ path: '/product/jl28', catalog });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Jaqueta Número 28' })).toBeTruthy();
    expect(screen.getByText('R$ 127,00')).toBeTruthy(); // 100 + 27
    const crumbs = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Início', 'Jaquetas', 'Jaqueta Número 28']);
    const related = screen.getByRole('region', { name: 'Você também pode gostar' });
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([1, 2, 3, 4].map((n) => `Jaqueta Número ${n}`));
    expect(screen.queryByText('Produto não encontrado')).toBeNull();
  });

  it('an id the products collection does not have either is "Produto não encontrado"', async () => {
    app = renderApp({ path: '/product/jl31', catalog: largeShop() });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Produto não encontrado' })).toBeTruthy();
  });

  it('a failed read says so in pt-BR, is logged, and "Tentar novamente" reads it again', async () => {
    const shop = largeShop();
    let fail = true;
    const catalog = {
      listCategories: () => shop.listCategories(),
      getCategory: (id: string) => shop.getCategory(id),
      getProduct: async (id: string) => {
        if (fail) throw new CatalogUnavailableError('offline');
        return shop.getProduct(id);
      },
    };
    app = renderApp({ path: '/product/jl28', catalog });
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Não foi possível carregar este produto' })).toBeTruthy();
    expect(app.logged.map(([m]) => m)).toContain('[getProduct] failed');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Jaqueta Número 28' })).toBeTruthy();
  });
});
