// Browse rules the mutation run (npm run test:mutation) showed untested: the edges of a price range, the sorted
// copies kept per list, the thousands separator, the bands' edges and the address's odd spellings.
// Expected values are written by hand here (no value read back from the code under test).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSE_ORDERS,
  DEFAULT_VIEW,
  browseProducts,
  formatEdge,
  formatPriceParam,
  normaliseSearch,
  parseAddress,
  parsePriceParam,
  parseTypedPrice,
  prepareOrder,
  priceBands,
  priceRangeLabel,
  sameRange,
  sameView,
  typedPriceRange,
} from '../../src/domain/browse';
import type { Product } from '../../src/domain';

const at = (price: number, id = String(price), name = `Produto ${id}`): Product => ({
  id,
  name,
  price,
  imageUrl: '/x.svg',
});
const ids = (products: readonly Product[]) => products.map((p) => p.id);
const bands = (prices: number[]) =>
  priceBands(prices.map((price, i) => at(price, `p${i}`))).map(({ label, count }) => [label, count]);

describe('the orders and the default view', () => {
  it('lists the four orders, the list’s own first; the default view is that order, every price', () => {
    expect(BROWSE_ORDERS).toEqual(['padrao', 'menor-preco', 'maior-preco', 'nome']);
    expect(DEFAULT_VIEW).toEqual({ order: 'padrao', price: null });
  });
});

describe('comparing views', () => {
  it('two ranges are the same when both ends are, or both are absent', () => {
    const range = { min: 10, max: 20 };
    expect(sameRange(range, range)).toBe(true);
    expect(sameRange(null, null)).toBe(true);
    expect(sameRange({ min: 10, max: 20 }, { min: 10, max: 20 })).toBe(true);
    expect(sameRange({ min: null, max: 20 }, { min: null, max: 20 })).toBe(true);
    expect(sameRange(null, range)).toBe(false);
    expect(sameRange(range, null)).toBe(false);
    expect(sameRange({ min: 10, max: 20 }, { min: 11, max: 20 })).toBe(false);
    expect(sameRange({ min: 10, max: 20 }, { min: 10, max: 21 })).toBe(false);
  });
  it('two views are the same when the order and the range are', () => {
    expect(sameView({ order: 'nome', price: null }, { order: 'nome', price: null })).toBe(true);
    expect(sameView({ order: 'nome', price: null }, { order: 'menor-preco', price: null })).toBe(false);
    expect(sameView({ order: 'nome', price: { min: 1, max: 2 } }, { order: 'nome', price: null })).toBe(false);
  });
});

describe('filtering by price', () => {
  const list = [at(10), at(20), at(25), at(30), at(40)];
  it('keeps both ends of the range', () => {
    expect(ids(browseProducts(list, { order: 'padrao', price: { min: 20, max: 30 } }))).toEqual(['20', '25', '30']);
    expect(ids(browseProducts(list, { order: 'padrao', price: { min: null, max: 20 } }))).toEqual(['10', '20']);
    expect(ids(browseProducts(list, { order: 'padrao', price: { min: 30, max: null } }))).toEqual(['30', '40']);
    expect(ids(browseProducts(list, { order: 'maior-preco', price: { min: 25, max: 25 } }))).toEqual(['25']);
  });
  it('gives the caller a list of its own: changing it changes no later result', () => {
    for (const order of BROWSE_ORDERS) {
      const shown = browseProducts(list, { order, price: null });
      expect(shown).not.toBe(list);
      shown.length = 0;
      expect(browseProducts(list, { order, price: null })).toHaveLength(5);
    }
    expect(ids(list)).toEqual(['10', '20', '25', '30', '40']);
  });
});

describe('sorting once per list and order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a prepared order is not sorted again when chosen, filtered or chosen again', () => {
    const list = [at(30, 'a'), at(10, 'b'), at(20, 'c')];
    const sort = vi.spyOn(Array.prototype, 'sort');
    prepareOrder(list, 'maior-preco');
    expect(sort).toHaveBeenCalledTimes(1);
    expect(ids(browseProducts(list, { order: 'maior-preco', price: null }))).toEqual(['a', 'c', 'b']);
    expect(ids(browseProducts(list, { order: 'maior-preco', price: { min: 15, max: null } }))).toEqual(['a', 'c']);
    prepareOrder(list, 'maior-preco');
    expect(sort).toHaveBeenCalledTimes(1);
    // Another order of the same list is sorted once too, and keeps the first one's copy.
    expect(ids(browseProducts(list, { order: 'menor-preco', price: null }))).toEqual(['b', 'c', 'a']);
    expect(ids(browseProducts(list, { order: 'maior-preco', price: null }))).toEqual(['a', 'c', 'b']);
    expect(ids(browseProducts(list, { order: 'menor-preco', price: null }))).toEqual(['b', 'c', 'a']);
    expect(sort).toHaveBeenCalledTimes(2);
    // The list's own order needs no sorting.
    expect(ids(browseProducts(list, DEFAULT_VIEW))).toEqual(['a', 'b', 'c']);
    expect(sort).toHaveBeenCalledTimes(2);
  });

  it('names equal but for accents and case keep the list’s order', () => {
    const list = [at(1, 'a', 'Boné'), at(2, 'b', 'bone'), at(3, 'c', 'BONE')];
    expect(ids(browseProducts(list, { order: 'nome', price: null }))).toEqual(['a', 'b', 'c']);
  });
});

describe('edges and labels', () => {
  it('groups thousands with dots and writes centavos only when there are any', () => {
    expect(formatEdge(0)).toBe('R$\u00a00');
    expect(formatEdge(100)).toBe('R$\u00a0100');
    expect(formatEdge(999)).toBe('R$\u00a0999');
    expect(formatEdge(1000)).toBe('R$\u00a01.000');
    expect(formatEdge(12345)).toBe('R$\u00a012.345');
    expect(formatEdge(150000)).toBe('R$\u00a0150.000');
    expect(formatEdge(1234567)).toBe('R$\u00a01.234.567');
    expect(formatEdge(89.9)).toBe('R$\u00a089,90');
    expect(formatEdge(1234.5)).toBe('R$\u00a01.234,50');
  });
  it('labels each kind of range', () => {
    expect(priceRangeLabel({ min: null, max: 100 })).toBe('Até R$\u00a0100');
    expect(priceRangeLabel({ min: 100, max: null })).toBe('A partir de R$\u00a0100');
    expect(priceRangeLabel({ min: 0, max: 0 })).toBe('R$\u00a00 a R$\u00a00');
  });
});

describe('price bands', () => {
  it('rounds each edge to half its power of ten, whatever the order of the list', () => {
    // Thirds of four prices: the 2nd (89,90 → 90) and the 3rd (130 → 150).
    expect(bands([2000, 130, 10, 89.9])).toEqual([
      ['Até R$\u00a090', 2],
      ['R$\u00a090 a R$\u00a0150', 1],
      ['A partir de R$\u00a0150', 1],
    ]);
    // Thirds of five prices: the 2nd (1.240 → 1.000, steps of 500) and the 4th (7.400 → 7.500).
    expect(bands([100, 1240, 5000, 7400, 9999])).toEqual([
      ['Até R$\u00a01.000', 1],
      ['R$\u00a01.000 a R$\u00a07.500', 3],
      ['A partir de R$\u00a07.500', 1],
    ]);
  });
  it('leaves out an edge on the cheapest price', () => {
    // The first third is 100, the cheapest price itself: only the edge at 500 is kept.
    expect(bands([100, 100, 100, 500, 900])).toEqual([
      ['Até R$\u00a0500', 4],
      ['A partir de R$\u00a0500', 2],
    ]);
  });
  it('leaves out an edge on the dearest price', () => {
    // The second third is 100, the dearest price itself: only the edge at 50 is kept.
    expect(bands([10, 50, 100, 100, 100])).toEqual([
      ['Até R$\u00a050', 2],
      ['A partir de R$\u00a050', 4],
    ]);
  });
  it('no bands when no round edge falls strictly inside the prices', () => {
    // 100 and 101: both thirds round to 100, the cheapest price.
    expect(bands([100, 101])).toEqual([]);
    // Free products have no round edge.
    expect(bands([0, 0, 0, 5])).toEqual([]);
  });
  it('leaves out a band without products', () => {
    // Thirds 88 → 90 and 124 → 100: nothing costs between R$ 90 and R$ 100.
    expect(bands([10, 88, 124, 500])).toEqual([
      ['Até R$\u00a090', 2],
      ['A partir de R$\u00a0100', 2],
    ]);
  });
});

describe('amounts in the address', () => {
  it('writes each end with up to two decimals, an open end as nothing', () => {
    expect(formatPriceParam({ min: null, max: 100 })).toBe('-100');
    expect(formatPriceParam({ min: 100, max: null })).toBe('100-');
    expect(formatPriceParam({ min: 89.9, max: 150.456 })).toBe('89.9-150.46');
  });
  it.each([
    ['1234567-', { min: 1234567, max: null }],
    ['-1.23', { min: null, max: 1.23 }],
    ['0.5-7', { min: 0.5, max: 7 }],
    ['12345678-', null],
    ['-1.234', null],
    ['1.-2', null],
    ['.5-2', null],
    ['1,5-2', null],
    ['a1-2', null],
    ['1a-2', null],
    ['1-a2', null],
    ['1-2a', null],
    ['1-', { min: 1, max: null }],
  ] as const)('%j → %j', (text, range) => {
    expect(parsePriceParam(text)).toEqual(range);
  });
});

describe('the address’s odd spellings', () => {
  it.each([
    // A leading "?" is dropped, any other is part of a value.
    ['?q=a?b&ordem=nome', 'nome', 'q=a?b&ordem=nome'],
    // A parameter without "=" is read with an empty value: ours is dropped, another is kept.
    ['ordem&q', 'padrao', 'q'],
    ['preco&ordem=nome', 'nome', 'ordem=nome'],
    // Names and values are read decoded.
    ['%6Frdem=%6Eome', 'nome', 'ordem=nome'],
    ['ordem=toString', 'padrao', ''],
    ['&&ordem=nome&&', 'nome', 'ordem=nome'],
  ] as const)('%j → %s, written %j', (search, order, canonical) => {
    expect(parseAddress(search)).toEqual({ view: { order, price: null }, canonical });
  });
  it('drops the "?" and the empty pieces, and nothing else', () => {
    expect(normaliseSearch('?q=a?b&&ordem=nome&')).toBe('q=a?b&ordem=nome');
    expect(normaliseSearch('')).toBe('');
    expect(normaliseSearch('?')).toBe('');
    expect(normaliseSearch('q=a?b')).toBe('q=a?b');
  });
});

describe('prices the shopper types', () => {
  it.each([
    ['r$ 100', 100],
    [' R$ 100 ', 100],
    ['R$1 500', 1500],
    ['1.500', 1500],
    ['100.000', 100000],
    ['1.234.567', 1234567],
    ['1.234.567,8', 1234567.8],
    ['1.500,5', 1500.5],
    ['0,99', 0.99],
    ['1234567', 1234567],
    ['', null],
    ['  ', null],
    ['1234.567', undefined],
    ['1.500.5', undefined],
    ['1.5000', undefined],
    ['1.500,999', undefined],
    ['12345678', undefined],
    ['1.50,00', undefined],
    ['x1.500', undefined],
    ['US$ 10', undefined],
  ] as const)('%j → %j', (text, amount) => {
    expect(parseTypedPrice(text)).toBe(amount);
  });
  it('one end typed is a range open at the other; equal ends stay as typed', () => {
    expect(typedPriceRange('', '100')).toEqual({ min: null, max: 100 });
    expect(typedPriceRange('100', '')).toEqual({ min: 100, max: null });
    expect(typedPriceRange('100', '100')).toEqual({ min: 100, max: 100 });
    expect(typedPriceRange('100', 'cem')).toBeUndefined();
  });
});
