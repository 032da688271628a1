// The search index (docs/requirements.md#search), loaded on first use: this module and minisearch form a lazy chunk
// (src/machines/searchMachine.ts imports it dynamically), so `/` downloads neither before its first render.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Category, Product } from './catalog';

/** Words that carry no meaning in a product name; dropping them lets "camisa de xadrez" find "Camisa Xadrez". */
const STOP_WORDS = new Set([
  'a',
  'as',
  'o',
  'os',
  'e',
  'de',
  'da',
  'das',
  'do',
  'dos',
  'com',
  'para',
  'em',
  'no',
  'na',
]);

/**
 * Case- and accent-insensitive terms: NFD splits "ê" into "e" + a combining mark, which is then dropped, so
 * "tenis", "TÊNIS" and "Tênis" are the same term. Used for indexing and for queries alike.
 */
export function normalizeTerm(term: string): string | null {
  const plain = term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return plain === '' || STOP_WORDS.has(plain) ? null : plain;
}

/** Typos are forgiven (one edit) only in words of 4+ letters: "jaquta" → Jaqueta, but "bon" is not "bom". */
const fuzziness = (term: string) => (term.length >= 4 ? 1 : false);

interface SearchDocument {
  id: string;
  name: string;
  /** Display names of the categories that list the product. */
  category: string;
}

/** What the index needs of a product: its id and name (the rest is handed back as it was given). */
export interface Searchable {
  id: string;
  name: string;
}

export interface ProductIndex<P extends Searchable> {
  /** Products matching `term`, best first; at most `limit` of them when given. */
  search(term: string, limit?: number): P[];
  /** Adds a product, findable by its name and by `categoryName`; an id already indexed is ignored. */
  add(product: P, categoryName: string): void;
  readonly size: number;
}

export interface SearchIndex {
  /** Products matching `term`, best first. */
  search(term: string, limit?: number): Product[];
  readonly size: number;
}

const matchesName = (result: SearchResult) => Object.values(result.match).some((fields) => fields.includes('name'));

/**
 * One index with the shop's search rules, filled product by product: the storefront fills it from the catalog it
 * holds (buildSearchIndex), the backend page by page from the `products` collection (server/adapters/search/).
 */
export function createProductIndex<P extends Searchable>(): ProductIndex<P> {
  const products = new Map<string, P>();
  const index = new MiniSearch<SearchDocument>({
    fields: ['name', 'category'],
    processTerm: normalizeTerm,
    searchOptions: {
      // A product's own name weighs more than the name of its category.
      boost: { name: 3 },
      prefix: true,
      fuzzy: fuzziness,
      // Exact word > prefix ("jaq" → jaqueta) > one typo (minisearch's defaults rank fuzzy above prefix).
      weights: { prefix: 0.5, fuzzy: 0.2 },
      combineWith: 'AND',
    },
  });
  return {
    get size() {
      return products.size;
    },
    add(product, categoryName) {
      if (products.has(product.id)) return;
      products.set(product.id, product);
      index.add({ id: product.id, name: product.name, category: categoryName });
    },
    search(term, limit = Infinity) {
      const results = index.search(term);
      // Minisearch scores every match; on top of it, products found only through their category's name come
      // after every product whose own name matched; within each group the order is minisearch's score.
      const ranked = [...results.filter(matchesName), ...results.filter((r) => !matchesName(r))];
      return ranked.slice(0, limit).map((result) => products.get(result.id as string)!);
    },
  };
}

export function buildSearchIndex(categories: readonly Category[]): SearchIndex {
  const products = new Map<string, Product>();
  const categoryNames = new Map<string, string>();
  for (const category of categories) {
    for (const product of category.products) {
      const known = categoryNames.get(product.id);
      // A product listed in two categories is one result, findable by either category name.
      if (known !== undefined) categoryNames.set(product.id, `${known} ${category.displayName}`);
      else {
        products.set(product.id, product);
        categoryNames.set(product.id, category.displayName);
      }
    }
  }
  const index = createProductIndex<Product>();
  for (const [id, product] of products) index.add(product, categoryNames.get(id)!);
  return index;
}
