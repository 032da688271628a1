// src/domain/searchIndex.ts behaviour the mutation run (npm run test:mutation) showed untested: every stop word,
// a term that normalises to nothing, no typo forgiven in short words, the name boost and the name-first grouping.
// The rankings below were worked out for this catalog and are written out by hand.
import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../src/domain';
import { buildSearchIndex, createProductIndex, normalizeTerm } from '../../src/domain/searchIndex';

const product = (id: string, name: string): Product => ({ id, name, imageUrl: `/images/${id}.webp`, price: 100 });
const category = (id: string, displayName: string, products: Product[]): Category => ({
  id,
  name: id,
  displayName,
  imageUrl: `/images/${id}.webp`,
  products,
});

describe('normalizeTerm (mutation run)', () => {
  it('drops every one of the fifteen stop words, whatever their case', () => {
    const stopWords = ['a', 'as', 'o', 'os', 'e', 'de', 'da', 'das', 'do', 'dos', 'com', 'para', 'em', 'no', 'na'];
    expect(stopWords.map(normalizeTerm)).toEqual(Array(15).fill(null));
    expect(['DE', 'Para', 'NA'].map(normalizeTerm)).toEqual([null, null, null]);
    expect(['ao', 'um', 'sem', 'dez'].map(normalizeTerm)).toEqual(['ao', 'um', 'sem', 'dez']);
  });

  it('a term that is empty, or only a combining accent, is no term', () => {
    expect(normalizeTerm('')).toBeNull();
    expect(normalizeTerm('\u0301')).toBeNull();
  });
});

describe('buildSearchIndex (mutation run)', () => {
  // "bota" matches: Bota (its name, exactly), Camisa Bota Azul (its name, in a longer name), Botafogo… (its name
  // by prefix, and its category exactly), Tênis Branco (its category only), Vestido Bata… (its name, one typo).
  const index = buildSearchIndex([
    category('calcados', 'Calçados', [product('a', 'Bota')]),
    category('bota', 'Bota', [product('b', 'Botafogo Camisa Listrada Oficial'), product('c', 'Tênis Branco')]),
    category('camisas', 'Camisas', [product('d', 'Camisa Bota Azul')]),
    category('vestidos', 'Vestidos', [product('e', 'Vestido Bata Longa Estampada Floral')]),
  ]);
  const ids = (term: string) => index.search(term).map((p) => p.id);

  it('a product’s own name weighs three times its category’s, and every product matched by its name comes first', () => {
    // Minisearch's scores with the name boost: a 4.84, d 3.94, b 3.82, c 1.31 (category only), e 0.86 (a typo).
    // Without the boost b (name prefix + exact category) would lead; c, matched by category only, goes last
    // although it outscores e; b counts as a name match because one of its words matched in the name.
    expect(ids('bota')).toEqual(['a', 'd', 'b', 'e', 'c']);
  });

  it('forgives no typo in a word of three letters: "aul" is not "azul"', () => {
    expect(ids('aul')).toEqual([]);
    expect(ids('azl')).toEqual([]);
    expect(ids('azuk')).toEqual(['d']);
  });

  it('gives at most the asked number of products, the best first', () => {
    expect(index.search('bota', 2).map((p) => p.id)).toEqual(['a', 'd']);
    expect(index.search('bota', 0)).toEqual([]);
  });

  it('a product added twice is indexed once, under its first category', () => {
    const twice = createProductIndex<Product>();
    twice.add(product('a', 'Bota'), 'Calçados');
    twice.add(product('a', 'Bota'), 'Inverno');
    expect(twice.size).toBe(1);
    expect(twice.search('bota').map((p) => p.id)).toEqual(['a']);
    expect(twice.search('inverno')).toEqual([]);
  });
});
