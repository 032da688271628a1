// The results page over a catalog larger than what the page holds: the backend's answer, or (when it cannot be
// reached) the products held with a note that they may be incomplete.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { memorySearch } from '../../src/adapters/search/memorySearch';
import { SearchUnavailableError, type SearchPort } from '../../src/adapters/search/searchPort';
import type { Category, Product } from '../../src/domain';
import { renderApp, settled as pageSettled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const NOTE = 'Não foi possível buscar em todo o catálogo: os resultados podem estar incompletos.';
const sneaker = (id: string, name: string): Product => ({ id, name, imageUrl: `/images/${id}.svg`, price: 199.9 });
const casual = sneaker('tenis-casual', 'Tênis Casual Branco');
const esportivo = sneaker('tenis-esportivo', 'Tênis Esportivo Azul');
const category = (products: Product[]): Category => ({
  id: 'sneakers',
  name: 'sneakers',
  displayName: 'Tênis',
  imageUrl: '/images/tenis.svg',
  products,
});
/** The page holds the first sneaker of a category of two (`productCount`, the large-catalog model). */
const held = { ...category([casual]), productCount: 2 } as Category;
const catalogHolding = (categories: Category[]): CatalogPort => ({
  listCategories: async () => categories,
  getCategory: async () => categories[0]!,
});

const resultNames = () =>
  within(screen.getByRole('list', { name: /^Resultados para/ }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

async function searchFor(search: SearchPort, categories: Category[]) {
  app = renderApp({ path: '/search?q=tenis', catalog: catalogHolding(categories), search });
  await pageSettled();
  await screen.findByRole('searchbox', { name: 'Buscar produtos' }, { timeout: 10_000 });
  await screen.findByRole('list', { name: /^Resultados para/ }, { timeout: 5_000 });
}

describe('search over a catalog larger than the page holds', () => {
  it("shows the backend's answer, with products the page does not hold, and no note", async () => {
    const backend = memorySearch([category([casual, esportivo])]);
    await searchFor(backend, [held]);
    expect(resultNames()).toEqual(['Tênis Casual Branco', 'Tênis Esportivo Azul']);
    expect(backend.searches).toEqual(['tenis']);
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('offline (the backend unreachable): the products held, and a note that they may be incomplete', async () => {
    const offline: SearchPort = {
      search: async () => Promise.reject(new SearchUnavailableError('network', 'offline')),
    };
    await searchFor(offline, [held]);
    expect(resultNames()).toEqual(['Tênis Casual Branco']);
    expect(await screen.findByText(NOTE)).toBeTruthy();
  });

  it('a catalog held whole is searched on the page: the backend is never asked', async () => {
    const backend = memorySearch([category([casual, esportivo])]);
    await searchFor(backend, [{ ...held, productCount: 1 } as Category]);
    expect(resultNames()).toEqual(['Tênis Casual Branco']);
    expect(backend.searches).toEqual([]);
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
