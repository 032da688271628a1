import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { catalog as seedCatalog } from '../../seed/seedCatalog';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import type { Category } from '../../src/domain';
import { BLANK_QUERY_HINT } from '../../src/features/search/SearchField';
import { loadSearch } from '../../src/features/search/searchLoader';
import { renderApp, settled as pageSettled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

/** The shop's real catalog (seed/seedCatalog.ts): the names shoppers actually search for. */
const shop = () => memoryCatalog(seedCatalog as Category[]);
/** Product names of one seed category, read from the seed (not from the app). */
const namesIn = (id: string) => seedCatalog.find((c) => c.id === id)!.products.map((p) => p.name);

const field = () => screen.getByRole('searchbox', { name: 'Buscar produtos' });
const status = () => within(screen.getByRole('main')).getByRole('status');
const resultNames = () =>
  within(screen.getByRole('list', { name: /^Resultados para/ }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

/** The page has settled and the field's lazy chunk (and the machine's) has arrived. */
async function settled() {
  await pageSettled();
  // The first import of the search chunk transforms many modules in vitest: more patience than findBy's 1 s.
  await screen.findByRole('searchbox', { name: 'Buscar produtos' }, { timeout: 10_000 });
  // Inside act, so the field's own render with the machine (its `.then` on the same promise) is done before typing.
  let actor: unknown;
  await act(async () => {
    actor = await loadSearch(app!.services);
  });
  expect(actor).not.toBeNull();
}

async function typeQuery(text: string) {
  await app!.user.clear(field());
  // user-event treats { and [ as key descriptors; the texts used here have none.
  await app!.user.type(field(), text);
}

describe('search bar', () => {
  it('is a search landmark with a visible label under the header, on every page; the header keeps its items', async () => {
    for (const path of ['/', '/explore', '/category/jackets', '/login', '/search']) {
      app = renderApp({ path, catalog: shop() });
      await settled();
      const landmark = screen.getByRole('search');
      expect(within(landmark).getByText('Buscar produtos').tagName).toBe('LABEL');
      expect(within(landmark).getByRole('searchbox', { name: 'Buscar produtos' })).toBeTruthy();
      expect(within(landmark).getByRole('button', { name: 'Buscar' })).toBeTruthy();
      // Not inside the header: its items (docs/requirements.md#header) stay exactly as listed.
      const header = screen.getByRole('banner');
      expect(header.contains(landmark)).toBe(false);
      const nav = within(header).getByRole('navigation', { name: 'Principal' });
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
          .slice(0, 3),
      ).toEqual(['Explorar', 'Login', 'Criar Conta']);
      app.unmountAll();
      app = undefined;
    }
  });

  it('without JavaScript the form itself goes to /search?q=', async () => {
    app = renderApp({ catalog: shop() });
    await settled();
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(field().getAttribute('name')).toBe('q');
  });
});

describe('searching', () => {
  it('"tenis" from the home page opens /search?q=tenis with every Tênis, as product cards, and the count', async () => {
    app = renderApp({ catalog: shop() });
    await settled();
    await app.user.type(field(), 'tenis');
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
    expect(app.path()).toBe('/search?q=tenis');
    // One history entry for the whole query: Back returns home.
    expect(app.location.history).toEqual(['/', '/search?q=tenis']);
    expect(resultNames().sort()).toEqual(namesIn('sneakers').sort());
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('heading', { level: 1, name: 'Resultados da busca' })).toBeTruthy();
  });

  it.each([
    ['calca', ['Calça Jeans', 'Calça Chino Azul-Marinho', 'Calça Pantalona Bege']],
    ['CHAPEU', ['Chapéu Meia Noite', 'Chapéu Panamá de Palha', 'Chapéu Bucket Verde']],
    ['jaquta', ['Jaqueta de Couro Preta', 'Jaqueta Jeans Azul', 'Jaqueta Bomber Vinho', 'Jaqueta Acolchoada Preta']],
  ])('"%s" finds %j (accents, case and one typo forgiven)', async (query, expected) => {
    app = renderApp({ path: '/search', catalog: shop() });
    await settled();
    await typeQuery(query);
    await waitFor(() => expect(status().textContent).toContain(`para “${query}”`));
    // Name matches first; CHAPEU also brings the rest of the Chapéus category after them.
    expect(resultNames().slice(0, expected.length).sort()).toEqual([...expected].sort());
    if (query === 'CHAPEU') expect(resultNames().sort()).toEqual(namesIn('hats').sort());
    else expect(resultNames()).toHaveLength(expected.length);
  });

  it('"jaq" (a prefix) finds every jacket: the Jaqueta names first, then the rest of Jaquetas', async () => {
    app = renderApp({ path: '/search?q=jaq', catalog: shop() });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “jaq”'));
    const names = resultNames();
    expect(names.sort()).toEqual(namesIn('jackets').sort());
    const shown = resultNames();
    const lastNameMatch = Math.max(...shown.map((n, i) => (n!.startsWith('Jaqueta') ? i : -1)));
    const firstCategoryOnly = shown.findIndex((n) => !n!.startsWith('Jaqueta'));
    expect(lastNameMatch).toBeLessThan(firstCategoryOnly);
  });

  it('1 produto (singular)', async () => {
    app = renderApp({ path: '/search?q=calca%20jeans', catalog: shop() });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('1 produto para “calca jeans”'));
    expect(resultNames()).toEqual(['Calça Jeans']);
  });

  it('nothing found: says so and offers every category', async () => {
    app = renderApp({ path: '/search', catalog: shop() });
    await settled();
    await typeQuery('xyzxyz');
    await waitFor(() => expect(status().textContent).toBe('Nenhum produto encontrado para “xyzxyz”.'));
    const suggestions = screen.getByRole('region', { name: 'Veja nossas categorias' });
    const links = within(suggestions).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      seedCatalog.map((c) => [c.displayName, `/category/${c.id}`]),
    );
    expect(screen.queryByRole('list', { name: /^Resultados para/ })).toBeNull();
  });

  it('add to cart works from a result card', async () => {
    app = renderApp({ path: '/search?q=bone', catalog: shop() });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('2 produtos para “bone”'));
    await app.user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho: Boné Branco' }));
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();
  });

  it('the index comes from the catalog actor: searching reads nothing more from the catalog port', async () => {
    const port = shop();
    const calls = { list: 0, get: 0 };
    const counted: CatalogPort = {
      listCategories: () => (calls.list++, port.listCategories()),
      getCategory: (id) => (calls.get++, port.getCategory(id)),
    };
    app = renderApp({ catalog: counted });
    await settled();
    await app.user.type(field(), 'tenis');
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
    await typeQuery('calca');
    await waitFor(() => expect(status().textContent).toBe('3 produtos para “calca”'));
    expect(calls).toEqual({ list: 1, get: 0 });
  });

  it('a /search?q= link opened before the catalog arrives waits for it, then shows the results', async () => {
    let release: (categories: Category[]) => void = () => {};
    const slow: CatalogPort = {
      listCategories: () => new Promise((resolve) => (release = resolve)),
      getCategory: () => Promise.reject(new Error('unused')),
    };
    app = renderApp({ path: '/search?q=tenis', catalog: slow });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('Buscando…'));
    await act(async () => release(seedCatalog as Category[]));
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
  });

  it('a catalog that cannot be read: a pt-BR message and a retry that reads it again', async () => {
    let fail = true;
    const flaky: CatalogPort = {
      listCategories: async () => {
        if (fail) throw new Error('offline');
        return seedCatalog as Category[];
      },
      getCategory: () => Promise.reject(new Error('unused')),
    };
    app = renderApp({ path: '/search?q=tenis', catalog: flaky });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('Não foi possível buscar agora.'));
    fail = false;
    await app.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
  });
});

describe('keyboard and address', () => {
  it('Enter searches at once and commits the entry: the next query gets its own, so Back can restore this one', async () => {
    app = renderApp({ catalog: shop() });
    await settled();
    await app.user.type(field(), 'tenis{Enter}');
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
    await typeQuery('calca{Enter}');
    await waitFor(() => expect(status().textContent).toBe('3 produtos para “calca”'));
    expect(app.location.history).toEqual(['/', '/search?q=tenis', '/search?q=calca']);
  });

  it('Back/forward or a reload: the address decides the query and the field shows it', async () => {
    app = renderApp({ catalog: shop() });
    await settled();
    await app.user.type(field(), 'calca{Enter}');
    await waitFor(() => expect(status().textContent).toBe('3 produtos para “calca”'));
    // What the browser does on Back: the location changes under the page.
    act(() => app!.location.navigate('/search?q=tenis'));
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
    expect((field() as HTMLInputElement).value).toBe('tenis');
  });

  it('Esc empties the field and the address; the page asks for a query again', async () => {
    app = renderApp({ path: '/search?q=tenis', catalog: shop() });
    await settled();
    await waitFor(() => expect(status().textContent).toBe('8 produtos para “tenis”'));
    await app.user.click(field());
    await app.user.keyboard('{Escape}');
    expect((field() as HTMLInputElement).value).toBe('');
    expect(app.path()).toBe('/search');
    expect(status().textContent).toBe('Digite no campo acima o nome de um produto ou de uma categoria.');
  });
});

describe('bad input', () => {
  it.each(['', '   '])('Enter with %j: no search, a hint under the field, the address stays', async (text) => {
    app = renderApp({ catalog: shop() });
    await settled();
    await app.user.click(field());
    if (text) await app.user.keyboard(text);
    await app.user.keyboard('{Enter}');
    // The field's description, a polite live region that stays in the page (empty until needed).
    const hint = document.getElementById(field().getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(BLANK_QUERY_HINT);
    expect(hint.getAttribute('aria-live')).toBe('polite');
    expect(app.location.history).toEqual(['/']);
    // Typing again takes the hint away.
    await app.user.keyboard('t');
    expect(hint.textContent).toBe('');
  });

  it('a 250-character paste is cut to 100 characters, no error', async () => {
    app = renderApp({ catalog: shop() });
    await settled();
    await app.user.click(field());
    await app.user.paste('tenis '.repeat(41) + 'xxxx');
    const value = (field() as HTMLInputElement).value;
    expect(value).toBe('tenis '.repeat(41).slice(0, 100));
    await waitFor(() => expect(status().textContent).toBe(`8 produtos para “${value.trim()}”`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a 300-character address is cut to 100 characters, emoji kept whole', async () => {
    const long = '😀'.repeat(300);
    app = renderApp({ path: `/search?q=${encodeURIComponent(long)}`, catalog: shop() });
    await settled();
    const expected = '😀'.repeat(100);
    await waitFor(() => expect(status().textContent).toBe(`Nenhum produto encontrado para “${expected}”.`));
    expect((field() as HTMLInputElement).value).toBe(expected);
    expect(app.path()).toBe(`/search?q=${encodeURIComponent(expected)}`);
  });

  it.each(['<script>alert(1)</script>', '"aspas" \'simples\'', '100%', '%E0%A4%A', '👟 tênis 🔥'])(
    '%j is shown as text, never run',
    async (text) => {
      app = renderApp({ path: '/search', catalog: shop() });
      await settled();
      await app.user.click(field());
      await app.user.paste(text);
      await waitFor(() =>
        expect(status().textContent).toMatch(new RegExp(`para “${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`)),
      );
      expect((field() as HTMLInputElement).value).toBe(text);
      expect(document.querySelector('main script')).toBeNull();
      expect(app.path()).toBe(`/search?q=${encodeURIComponent(text)}`);
    },
  );
});
