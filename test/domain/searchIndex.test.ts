import { describe, expect, it } from 'vitest';
import { buildSearchIndex, normalizeTerm } from '../../src/domain/searchIndex';
import { limitQuery, MAX_QUERY_LENGTH, resultCountText, searchTerm } from '../../src/domain/search';
import { aCategory, aProduct } from '../support/builders';

const named = (name: string) => aProduct({ id: name.toLowerCase().replace(/\W+/g, '-'), name }).build();

/** A catalog made so each product matches "bota" in exactly one way. */
const boots = aCategory({ id: 'botas', name: 'boots', displayName: 'Botas' })
  .withProducts([named('Coturno Preto')]) // only its category (Botas) matches, by prefix
  .build();
const others = aCategory({ id: 'outros', name: 'others', displayName: 'Outros' })
  .withProducts([
    // Same length and shape, so only the kind of match decides (minisearch's default weights put the typo first).
    named('Bola Azul'), // one typo: bola ↔ bota
    named('Botafogo Azul'), // prefix: bota…
    named('Bota Azul'), // the exact word
    named('Camiseta Lisa'), // nothing
  ])
  .build();

describe('search terms', () => {
  it('NFD + lower case: accents and case do not matter', () => {
    expect(['Tênis', 'TENIS', 'tênis', 'Tenis'].map(normalizeTerm)).toEqual(['tenis', 'tenis', 'tenis', 'tenis']);
    expect(normalizeTerm('Calça')).toBe('calca');
    expect(normalizeTerm('Chapéus')).toBe('chapeus');
  });

  it('drops words that mean nothing in a product name', () => {
    expect(['de', 'da', 'com', 'e'].map(normalizeTerm)).toEqual([null, null, null, null]);
  });

  it('cuts the query at 100 code points, never inside an emoji', () => {
    expect(MAX_QUERY_LENGTH).toBe(100);
    expect(limitQuery('a'.repeat(250))).toBe('a'.repeat(100));
    expect(limitQuery('😀'.repeat(150))).toBe('😀'.repeat(100));
    expect(() => encodeURIComponent(limitQuery('a' + '😀'.repeat(150)))).not.toThrow();
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('  calca jeans ')).toBe('calca jeans');
  });

  it('counts in pt-BR', () => {
    expect(resultCountText(1, 'tenis')).toBe('1 produto para “tenis”');
    expect(resultCountText(3, 'tenis')).toBe('3 produtos para “tenis”');
  });
});

describe('buildSearchIndex', () => {
  const index = buildSearchIndex([boots, others]);
  const names = (term: string) => index.search(term).map((p) => p.name);

  it('ranks the exact word, then a prefix, then one typo, then a match of the category name only', () => {
    expect(names('bota')).toEqual(['Bota Azul', 'Botafogo Azul', 'Bola Azul', 'Coturno Preto']);
  });

  it('forgives one typo only in words of 4+ letters', () => {
    expect(names('bolx')).toEqual(['Bola Azul']);
    expect(names('bol')).toEqual(['Bola Azul']); // a prefix, not a typo
    expect(names('bpl')).toEqual([]);
    expect(names('bxla')).toEqual(['Bola Azul']);
    expect(names('bxxa')).toEqual([]); // two edits
  });

  it('every word must match (in the name or the category)', () => {
    expect(names('bota azul')).toEqual(['Bota Azul', 'Botafogo Azul', 'Bola Azul']);
    expect(names('bota dourada')).toEqual([]);
    expect(names('coturno botas')).toEqual(['Coturno Preto']);
    expect(names('bota verde')).toEqual([]);
  });

  it('returns the products themselves, once each even when two categories list one', () => {
    const shared = named('Bota Azul');
    const twice = buildSearchIndex([
      aCategory({ id: 'a', displayName: 'Inverno' }).withProducts([shared]).build(),
      aCategory({ id: 'b', displayName: 'Promoções' }).withProducts([shared]).build(),
    ]);
    expect(twice.size).toBe(1);
    expect(twice.search('bota')).toEqual([shared]);
    expect(twice.search('promocoes')).toEqual([shared]);
    expect(twice.search('inverno')).toEqual([shared]);
  });

  it('markup, quotes, % and emoji are plain text: nothing matches, nothing throws', () => {
    for (const term of ['<script>alert(1)</script>', '"', "'", '%', '%E0%A4%A', '😀', '\\', '.*']) {
      expect(() => index.search(term), term).not.toThrow();
      expect(index.search(term), term).toEqual([]);
    }
  });

  it('an empty catalog finds nothing', () => {
    expect(buildSearchIndex([]).search('bota')).toEqual([]);
  });
});
