// src/domain/stock.ts and src/domain/cartStock.ts: levels, the words, what reads teach, and the cart's caps.
// Expected values are written out by hand.
import { describe, expect, it } from 'vitest';
import type { CartItem, Product } from '../../src/domain';
import {
  addWithinStock,
  capToStock,
  increaseWithinStock,
  isAtStockLimit,
  isSoldOut,
  orderableItems,
  soldOutItems,
} from '../../src/domain/cartStock';
import {
  LOW_STOCK_THRESHOLD,
  STOCK_MESSAGES,
  StockUnits,
  stockLevel,
  stockLevelOf,
  unitsText,
  withLowStock,
  withStockAnswer,
} from '../../src/domain/stock';

const product = (id: string): Product => ({ id, name: id, imageUrl: `/images/${id}.svg`, price: 10 });
const line = (id: string, quantity: number): CartItem => ({ ...product(id), quantity });

describe('stock levels and words', () => {
  it.each([
    [undefined, 'untracked'],
    [null, 'untracked'],
    [-1, 'soldOut'],
    [0, 'soldOut'],
    [1, 'low'],
    [3, 'low'],
    [4, 'available'],
    [40, 'available'],
  ] as const)('%s units → %s', (units, level) => {
    expect(stockLevel(units)).toBe(level);
  });

  it('the threshold is 3, and a level is looked up by product', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(3);
    expect(stockLevelOf({ a: 0, b: 3 }, 'a')).toBe('soldOut');
    expect(stockLevelOf({ a: 0, b: 3 }, 'b')).toBe('low');
    expect(stockLevelOf({ a: 0 }, 'c')).toBe('untracked');
  });

  it('the texts', () => {
    expect(unitsText(1)).toBe('1 unidade');
    expect(unitsText(2)).toBe('2 unidades');
    expect(STOCK_MESSAGES.soldOut).toBe('Esgotado');
    expect(STOCK_MESSAGES.low).toBe('Últimas unidades');
    expect(STOCK_MESSAGES.onlyLeft(1)).toBe('Só temos 1 unidade');
    expect(STOCK_MESSAGES.onlyLeft(3)).toBe('Só temos 3 unidades');
    expect(STOCK_MESSAGES.soldOutLine('Boina')).toBe('Boina esgotou e ficou fora do pedido.');
    expect(STOCK_MESSAGES.notEnough('Boina', 0)).toBe('Boina esgotou. Remova o produto do carrinho para continuar.');
    expect(STOCK_MESSAGES.notEnough('Boina', 1)).toBe(
      'Só temos 1 unidade de Boina. Ajuste a quantidade no carrinho para continuar.',
    );
  });

  it('units are whole numbers, never negative', () => {
    expect(StockUnits.is(0)).toBe(true);
    expect(StockUnits.is(12)).toBe(true);
    expect(StockUnits.is(-1)).toBe(false);
    expect(StockUnits.is(1.5)).toBe(false);
  });
});

describe('what a read teaches', () => {
  it("a products read replaces their units and forgets those without stock; others are kept; the input isn't changed", () => {
    const known = { a: 1, b: 2, c: 3 };
    expect(withStockAnswer(known, { a: 5, b: null, d: 0 })).toEqual({ a: 5, c: 3, d: 0 });
    expect(known).toEqual({ a: 1, b: 2, c: 3 });
  });

  it("a category's low-stock read: the low ones set, one it no longer answers forgotten, other categories kept", () => {
    const known = { boina: 2, chapeu: 0, casaco: 1, gorro: 30 };
    const lowBefore = { hats: ['boina', 'chapeu'], coats: ['casaco'] };
    const { stock, lowIn } = withLowStock(known, lowBefore, { hats: { chapeu: 0, touca: 3 } });
    expect(stock).toEqual({ chapeu: 0, touca: 3, casaco: 1, gorro: 30 });
    expect(lowIn).toEqual({ hats: ['chapeu', 'touca'], coats: ['casaco'] });
    expect(lowBefore).toEqual({ hats: ['boina', 'chapeu'], coats: ['casaco'] });
    expect(known).toEqual({ boina: 2, chapeu: 0, casaco: 1, gorro: 30 });
  });

  it('a first low-stock read of a category forgets nothing', () => {
    expect(withLowStock({ gorro: 1 }, {}, { hats: { boina: 2 } })).toEqual({
      stock: { gorro: 1, boina: 2 },
      lowIn: { hats: ['boina'] },
    });
  });
});

describe('the cart against the stock', () => {
  const stock = { boina: 2, chapeu: 0, gorro: 30 };

  it('caps a line at the units left; a sold-out line and an unknown one keep their quantity', () => {
    const items = [line('boina', 3), line('chapeu', 2), line('bone', 9), line('gorro', 30)];
    expect(capToStock(items, stock)).toEqual([line('boina', 2), line('chapeu', 2), line('bone', 9), line('gorro', 30)]);
    expect(items[0]).toEqual(line('boina', 3));
  });

  it('adds within the stock: a new line, +1, nothing past the units left, nothing sold out', () => {
    expect(addWithinStock([], product('boina'), stock)).toEqual([line('boina', 1)]);
    expect(addWithinStock([line('boina', 1)], product('boina'), stock)).toEqual([line('boina', 2)]);
    expect(addWithinStock([line('boina', 2)], product('boina'), stock)).toEqual([line('boina', 2)]);
    expect(addWithinStock([], product('chapeu'), stock)).toEqual([]);
    expect(addWithinStock([line('bone', 4)], product('bone'), stock)).toEqual([line('bone', 5)]);
  });

  it('increases within the stock', () => {
    expect(increaseWithinStock([line('boina', 1)], 'boina', stock)).toEqual([line('boina', 2)]);
    expect(increaseWithinStock([line('boina', 2)], 'boina', stock)).toEqual([line('boina', 2)]);
    expect(increaseWithinStock([line('chapeu', 1)], 'chapeu', stock)).toEqual([line('chapeu', 1)]);
    expect(increaseWithinStock([line('bone', 1)], 'bone', stock)).toEqual([line('bone', 2)]);
    expect(increaseWithinStock([line('bone', 1)], 'boina', stock)).toEqual([line('bone', 1)]);
  });

  it('sold out, at the limit, what is ordered and what is left out', () => {
    expect(isSoldOut(line('chapeu', 1), stock)).toBe(true);
    expect(isSoldOut(line('boina', 1), stock)).toBe(false);
    expect(isSoldOut(line('bone', 1), stock)).toBe(false);
    expect(isAtStockLimit(line('boina', 2), stock)).toBe(true);
    expect(isAtStockLimit(line('boina', 1), stock)).toBe(false);
    expect(isAtStockLimit(line('chapeu', 1), stock)).toBe(false);
    expect(isAtStockLimit(line('bone', 99), stock)).toBe(false);
    const items = [line('boina', 2), line('chapeu', 1), line('bone', 1)];
    expect(orderableItems(items, stock)).toEqual([line('boina', 2), line('bone', 1)]);
    expect(soldOutItems(items, stock)).toEqual([line('chapeu', 1)]);
  });
});
