import { describe, expect, it } from 'vitest';
import {
  addProduct,
  cartCount,
  cartTotal,
  decreaseQuantity,
  formatBRL,
  increaseQuantity,
  MAX_QUANTITY_PER_LINE,
  removeProduct,
  splitDisplayName,
  toCentavos,
} from '../../src/domain';
import { aCartItem, aProduct } from '../support/builders';

const NBSP = '\u00a0';

describe('formatBRL', () => {
  it.each([
    [0, `R$${NBSP}0,00`],
    [99.9, `R$${NBSP}99,90`],
    [1234.5, `R$${NBSP}1.234,50`],
    [1234.56, `R$${NBSP}1.234,56`],
    [1500, `R$${NBSP}1.500,00`],
  ])('%d reais → %s', (reais, expected) => {
    expect(formatBRL(reais)).toBe(expected);
  });
});

describe('toCentavos', () => {
  it.each([
    [99.9, 9990],
    [0.1 + 0.2, 30],
    [1234.56, 123456],
    [19.99, 1999],
  ])('%d → %d', (reais, centavos) => expect(toCentavos(reais)).toBe(centavos));
});

describe('cart arithmetic', () => {
  const jacket = aProduct().withId('jaqueta').withPrice(89.9).build();
  const cap = aProduct().withId('bone').withPrice(0.1).build();

  it('adds a new product with quantity 1 and raises an existing one by 1', () => {
    const once = addProduct([], jacket);
    expect(once).toEqual([{ ...jacket, quantity: 1 }]);
    expect(addProduct(once, jacket)).toEqual([{ ...jacket, quantity: 2 }]);
  });

  it('stores only the product fields, whatever else the product carries', () => {
    const withExtra = { ...jacket, stock: 3 } as typeof jacket;
    expect(Object.keys(addProduct([], withExtra)[0]!).sort()).toEqual(['id', 'imageUrl', 'name', 'price', 'quantity']);
  });

  it('decreases by 1 and removes a line that reaches 0', () => {
    const items = [aCartItem().of(jacket).withQuantity(2).build(), aCartItem().of(cap).build()];
    expect(decreaseQuantity(items, 'jaqueta')[0]!.quantity).toBe(1);
    expect(decreaseQuantity(items, 'bone').map((i) => i.id)).toEqual(['jaqueta']);
  });

  it('increases by 1 up to the per-line limit', () => {
    const items = [aCartItem().of(jacket).withQuantity(MAX_QUANTITY_PER_LINE).build()];
    expect(increaseQuantity(items, 'jaqueta')[0]!.quantity).toBe(MAX_QUANTITY_PER_LINE);
  });

  it('removes a line whatever its quantity', () => {
    expect(removeProduct([aCartItem().of(jacket).withQuantity(5).build()], 'jaqueta')).toEqual([]);
  });

  it('counts the sum of quantities and totals in whole centavos', () => {
    const items = [aCartItem().of(jacket).withQuantity(3).build(), aCartItem().of(cap).withQuantity(3).build()];
    expect(cartCount(items)).toBe(6);
    expect(cartTotal(items)).toBe(270); // 3 × 89,90 + 3 × 0,10 — exactly, no floating-point residue
    expect(cartTotal([])).toBe(0);
  });
});

describe('splitDisplayName', () => {
  it.each([
    ['Ana Souza', { firstName: 'Ana', lastName: 'Souza' }],
    ['Ana Maria  de Souza', { firstName: 'Ana', lastName: 'Maria de Souza' }],
    ['Ana', { firstName: 'Ana', lastName: '' }],
    [null, { firstName: '', lastName: '' }],
  ])('%s', (displayName, expected) => expect(splitDisplayName(displayName)).toEqual(expected));
});
