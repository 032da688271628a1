import { describe, expect, it } from 'vitest';
import {
  addressFor,
  browseProducts,
  parseAddress,
  prepareOrder,
  parsePriceParam,
  priceBands,
  priceRangeLabel,
  productCountText,
  typedPriceRange,
} from '../../src/domain/browse';
import type { Product } from '../../src/domain';

const at = (price: number, id = String(price)): Product => ({ id, name: `Produto ${id}`, price, imageUrl: '/x.svg' });

describe('the address', () => {
  // [query string, order read, range read, the address as it should read]
  const table: Array<[string, string, { min: number | null; max: number | null } | null, string]> = [
    ['', 'padrao', null, ''],
    ['?ordem=menor-preco&preco=100-300', 'menor-preco', { min: 100, max: 300 }, 'ordem=menor-preco&preco=100-300'],
    ['ordem=maior-preco', 'maior-preco', null, 'ordem=maior-preco'],
    ['ordem=nome&preco=-100', 'nome', { min: null, max: 100 }, 'ordem=nome&preco=-100'],
    ['preco=300-', 'padrao', { min: 300, max: null }, 'preco=300-'],
    ['preco=89.9-150.50', 'padrao', { min: 89.9, max: 150.5 }, 'preco=89.9-150.5'],
    ['q=t%C3%AAnis&ordem=menor-preco', 'menor-preco', null, 'q=t%C3%AAnis&ordem=menor-preco'],
    // Our parameters after the others, in a fixed order.
    ['preco=100-300&q=x&ordem=nome', 'nome', { min: 100, max: 300 }, 'q=x&ordem=nome&preco=100-300'],
    // Ignored: unknown orders, the default spelled out, malformed or backwards ranges, repeated parameters.
    ['ordem=barato', 'padrao', null, ''],
    ['ordem=padrao', 'padrao', null, ''],
    ['ordem=MENOR-PRECO', 'padrao', null, ''],
    ['preco=300-100', 'padrao', null, ''],
    ['preco=abc', 'padrao', null, ''],
    ['preco=-', 'padrao', null, ''],
    ['preco=100', 'padrao', null, ''],
    ['preco=1e3-2e3', 'padrao', null, ''],
    ['preco=100-300-500', 'padrao', null, ''],
    ['preco=%E0', 'padrao', null, ''],
    ['ordem=nome&ordem=menor-preco', 'padrao', null, ''],
    ['q=x&preco=10-20&preco=30-40', 'padrao', null, 'q=x'],
  ];
  it.each(table)('%j → %s, %j, written %j', (search, order, range, canonical) => {
    const parsed = parseAddress(search);
    expect(parsed.view).toEqual({ order, price: range });
    expect(parsed.canonical).toBe(canonical);
  });

  it('writes a view over the address, keeping the other parameters as they were written', () => {
    expect(addressFor('q=cal%C3%A7a+jeans&ordem=nome', { order: 'maior-preco', price: { min: 50, max: null } })).toBe(
      'q=cal%C3%A7a+jeans&ordem=maior-preco&preco=50-',
    );
    expect(addressFor('ordem=nome&preco=1-2', { order: 'padrao', price: null })).toBe('');
  });

  it('reads a range both ends included, open at a missing end', () => {
    expect(parsePriceParam('0-0')).toEqual({ min: 0, max: 0 });
    expect(parsePriceParam('150-150')).toEqual({ min: 150, max: 150 });
  });
});

describe('prices the shopper types', () => {
  it.each([
    ['89,90', '', { min: 89.9, max: null }],
    ['', '1.500', { min: null, max: 1500 }],
    ['R$ 100', '300', { min: 100, max: 300 }],
    ['300', '100', { min: 100, max: 300 }],
    ['12.50', '1.234,56', { min: 12.5, max: 1234.56 }],
  ] as const)('%j and %j → %j', (min, max, range) => {
    expect(typedPriceRange(min, max)).toEqual(range);
  });
  it('both blank is every price; letters are unreadable', () => {
    expect(typedPriceRange('', ' ')).toBeNull();
    expect(typedPriceRange('cem', '')).toBeUndefined();
    expect(typedPriceRange('10', '-5')).toBeUndefined();
  });
});

describe('price bands', () => {
  it('none for an empty list, one product or a single price', () => {
    expect(priceBands([])).toEqual([]);
    expect(priceBands([at(100)])).toEqual([]);
    expect(priceBands([at(100, 'a'), at(100, 'b')])).toEqual([]);
  });
  it('from 10 to 100 in steps of 10: edges at the thirds (40 and 70), every price counted where it falls', () => {
    const products = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((price) => at(price));
    // Thirds of 10 prices: the 4th (40) and the 7th (70); both are round already.
    expect(priceBands(products).map(({ label, count }) => [label, count])).toEqual([
      ['Até R$\u00a040', 4],
      ['R$\u00a040 a R$\u00a070', 4],
      ['A partir de R$\u00a070', 4],
    ]);
  });
  it('two thirds rounded to the same edge: one edge, two bands', () => {
    // Thirds fall on 100 and 110, both rounded to 100; 100 itself is in both bands (both ends included).
    expect(priceBands([at(50), at(100), at(110), at(900)]).map((b) => b.label)).toEqual([
      'Até R$\u00a0100',
      'A partir de R$\u00a0100',
    ]);
  });
});

describe('texts', () => {
  it('counts and labels', () => {
    expect(productCountText(0)).toBe('Nenhum produto');
    expect(productCountText(1)).toBe('1 produto');
    expect(productCountText(12)).toBe('12 produtos');
    expect(priceRangeLabel({ min: 89.9, max: 1500 })).toBe('R$\u00a089,90 a R$\u00a01.500');
    expect(priceRangeLabel({ min: null, max: null })).toBe('Todos os preços');
  });
});

describe('sorting ahead of the choice', () => {
  // Names and prices chosen so that each order differs from the others and from the list's own.
  const list: Product[] = [
    { id: 'a', name: 'Óculos 10', price: 30, imageUrl: '/x.svg' },
    { id: 'b', name: 'boné 2', price: 10, imageUrl: '/x.svg' },
    { id: 'c', name: 'Casaco', price: 20, imageUrl: '/x.svg' },
    { id: 'd', name: 'óculos 9', price: 10, imageUrl: '/x.svg' },
  ];

  it('a list prepared while idle shows the same views as one sorted on the choice, and is left as it was', () => {
    const prepared = list.slice();
    for (const order of ['menor-preco', 'maior-preco', 'nome'] as const) prepareOrder(prepared, order);
    expect(prepared.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    const ids = (products: Product[]) => products.map((p) => p.id);
    // Written out by hand: stable on equal prices; names by pt-BR collation (accents, case and numbers).
    expect(ids(browseProducts(prepared, { order: 'menor-preco', price: null }))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(browseProducts(prepared, { order: 'maior-preco', price: null }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(browseProducts(prepared, { order: 'nome', price: null }))).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(browseProducts(prepared, { order: 'menor-preco', price: { min: 15, max: null } }))).toEqual(['c', 'a']);
    for (const view of [
      { order: 'nome', price: null },
      { order: 'maior-preco', price: { min: null, max: 20 } },
    ] as const) {
      expect(ids(browseProducts(prepared, view))).toEqual(ids(browseProducts(list.slice(), view)));
    }
  });
});
