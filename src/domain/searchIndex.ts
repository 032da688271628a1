// The search index (issue 10), loaded on first use: this module and minisearch form a lazy chunk
// (src/machines/searchMachine.ts imports it dynamically), so `/` downloads neither before its first render.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Category, Product } from './catalog';

/** Words that carry no meaning in a product name; dropping them lets "camisa de xadrez" find "Camisa Xadrez". */
const STOP_WORDS = new Set(['a', 'as', 'o', 'os', 'e', 'de', 'da', 'das', 'do', 'dos', 'com', 'para', 'em', 'no', 'na']);

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

export interface SearchIndex {
  /** Products matching `term`, best first. */
  search(term: string): Product[];
  readonly size: number;
}

export function buildSearchIndex(categories: readonly Category[]): SearchIndex {
  const products = new Map<string, Product>();
  const documents = new Map<string, SearchDocument>();
  for (const category of categories) {
    for (const product of category.products) {
      const known = documents.get(product.id);
      // A product listed in two categories is one result, findable by either category name.
      if (known) known.category += ` ${category.displayName}`;
      else {
        products.set(product.id, product);
        documents.set(product.id, { id: product.id, name: product.name, category: category.displayName });
      }
    }
  }

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
  index.addAll([...documents.values()]);

  const matchesName = (result: SearchResult) => Object.values(result.match).some((fields) => fields.includes('name'));

  return {
    size: documents.size,
    search(term) {
      const results = index.search(term);
      // Minisearch scores every match; on top of it, products found only through their category's name come
      // after every product whose own name matched; within each group the order is minisearch's score.
      const ranked = [...results.filter(matchesName), ...results.filter((r) => !matchesName(r))];
      return ranked.map((result) => products.get(result.id as string)!);
    },
  };
}
