// A category whose document holds a preview: the page reads on as the shopper scrolls near the end of its grid.
// happy-dom lays nothing out, so the grid's geometry is given here: one column, cards 400 px high, the grid's top
// where the test "scrolls" it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CatalogUnavailableError, type ProductCatalogPort } from '../../src/adapters/catalog/catalogPort';
import type { Category, Product } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { aProduct } from '../support/builders';
import { renderApp, sampleCatalog, settled } from './support/renderApp';

const CARD_PX = 400;
let gridTop = 100;
let app: ReturnType<typeof renderApp> | undefined;

beforeEach(() => {
  gridTop = 100;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.tagName === 'UL' ? gridTop : 0;
    const height = this.tagName === 'LI' ? CARD_PX : 0;
    return {
      top,
      height,
      bottom: top + height,
      left: 0,
      right: 0,
      width: 0,
      x: 0,
      y: top,
      toJSON: () => ({}),
    } as DOMRect;
  });
  // A phone's grid: one column of resolved width, as a browser's computed style gives it.
  const computed = globalThis.getComputedStyle.bind(globalThis);
  vi.spyOn(globalThis, 'getComputedStyle').mockImplementation((element, pseudo) =>
    element.tagName === 'UL' ? oneColumn(computed(element, pseudo)) : computed(element, pseudo),
  );
});
afterEach(() => {
  app?.unmountAll();
  app = undefined;
  vi.restoreAllMocks();
});

const oneColumn = (style: CSSStyleDeclaration) =>
  new Proxy(style, {
    get: (target, key) =>
      key === 'gridTemplateColumns' ? '343px' : key === 'rowGap' ? '0px' : (Reflect.get(target, key) as unknown),
  });

/** Puts the grid's top at `top` px from the viewport's and lets the page see the scroll. */
async function scrollGridTo(top: number) {
  gridTop = top;
  await act(async () => {
    fireEvent.scroll(window);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** The grid's top that brings its last row (of `cards` cards, one column) within the viewport and its 1,000 px. */
const nearTheEndOf = (cards: number) => -(cards * CARD_PX - window.innerHeight - 1_000);

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Produtos: Camisas' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

/** A 100-product category stored as the seed stores it: a 24-product preview and its count; a port that counts pages. */
function camisas(failFirst = false) {
  const products: Product[] = Array.from({ length: 100 }, (_, index) =>
    aProduct().withId(`camisa-${index}`).withName(`Camisa ${index}`).build(),
  );
  const category: Category = {
    id: 'camisas',
    name: 'camisas',
    displayName: 'Camisas',
    imageUrl: '/images/camisas.svg',
    products,
  };
  const memory = memoryCatalog(
    { camisas: categoryDocumentOf(category) },
    { products: Object.fromEntries(productDocumentsOf(category).map((d) => [d.id, d])) },
  );
  const pages: unknown[] = [];
  let failures = failFirst ? 1 : 0;
  const port: ProductCatalogPort = {
    listCategories: () => memory.listCategories(),
    getCategory: (id) => memory.getCategory(id),
    getProduct: (id) => memory.getProduct(id),
    getStock: (ids) => memory.getStock(ids),
    listLowStock: (ids) => memory.listLowStock(ids),
    listCategoryProducts: async (id, page) => {
      pages.push(page);
      if (failures > 0) {
        failures -= 1;
        throw new CatalogUnavailableError('offline');
      }
      return memory.listCategoryProducts(id, page);
    },
  };
  return { port, pages, names: products.map((p) => p.name) };
}

describe('category page read page by page', () => {
  it('shows the preview, reads the next page when the shopper nears its end, and stops at the last one', async () => {
    const { port, pages, names } = camisas();
    app = renderApp({ path: '/category/camisas', catalog: port });
    await settled();
    expect(cardNames()).toEqual(names.slice(0, 24));
    expect(pages).toEqual([]); // the first screen is far from the 24th card

    await scrollGridTo(nearTheEndOf(24));
    await waitFor(() => expect(cardNames()).toHaveLength(72));
    expect(cardNames()).toEqual(names.slice(0, 72));
    expect(pages).toEqual([{ limit: 72 }]);

    await scrollGridTo(nearTheEndOf(72));
    await waitFor(() => expect(cardNames()).toHaveLength(100));
    expect(cardNames()).toEqual(names);
    expect(pages).toEqual([{ limit: 72 }, { after: 71, limit: 48 }]);

    // Complete: the end of the grid reads nothing more.
    await scrollGridTo(nearTheEndOf(100) - 500);
    expect(pages).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed page says so in Portuguese under the products, which stay; "Tentar novamente" reads it again', async () => {
    const { port, pages, names } = camisas(true);
    app = renderApp({ path: '/category/camisas', catalog: port });
    await settled();
    await scrollGridTo(nearTheEndOf(24));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar mais produtos.');
    expect(cardNames()).toEqual(names.slice(0, 24));
    expect(app.logged.map(([message]) => message)).toContain('[listCategoryProducts] failed');

    // Scrolling on does not read again by itself.
    await scrollGridTo(nearTheEndOf(24) - 200);
    expect(pages).toHaveLength(1);

    await app.user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(cardNames()).toHaveLength(72));
    expect(cardNames()).toEqual(names.slice(0, 72));
    expect(pages).toEqual([{ limit: 72 }, { limit: 72 }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the seeded shop's categories are whole: scrolling to the end of one reads no page", async () => {
    const memory = memoryCatalog(sampleCatalog());
    const listCategoryProducts = vi.spyOn(memory, 'listCategoryProducts');
    app = renderApp({ path: '/category/jackets', catalog: memory });
    await settled();
    const cards = within(screen.getByRole('list', { name: 'Produtos: Jaquetas' })).getAllByRole('listitem');
    await scrollGridTo(nearTheEndOf(cards.length) - 1_000);
    expect(listCategoryProducts).not.toHaveBeenCalled();
    expect(screen.queryByText('Carregando mais produtos…')).toBeNull();
  });
});
