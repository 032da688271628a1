// @vitest-environment node
// The backend validates the checkout body with TypeBox (server/routes/checkout.ts); the storefront builds its cart
// with superstruct (src/domain/catalog.ts). Both must accept exactly the same ids and quantities, or a cart the
// storefront allows would be refused at checkout. Boundaries on both sides of every limit.
import { Value } from '@sinclair/typebox/value';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { CartItemStruct, MAX_CART_LINES } from '../../src/domain';
import { CheckoutBody, CheckoutLine } from '../../server/routes/checkout';

const ids: unknown[] = [
  '',
  'a',
  'jaqueta-couro',
  'x'.repeat(99),
  'x'.repeat(100),
  'x'.repeat(101),
  1,
  null,
  undefined,
  ['a'],
];
const quantities: unknown[] = [-1, 0, 1, 1.5, 2, 98, 99, 100, 1e9, '2', NaN, Infinity, null, undefined, true];

describe('checkout body schema (TypeBox) agrees with the storefront structs (superstruct)', () => {
  it.each(ids)('id %j', (id) => {
    expect(Value.Check(CheckoutLine, { id, quantity: 1 })).toBe(is(id, CartItemStruct.schema.id));
  });

  it.each(quantities)('quantity %j', (quantity) => {
    expect(Value.Check(CheckoutLine, { id: 'a', quantity })).toBe(is(quantity, CartItemStruct.schema.quantity));
  });

  it('accepts a full cart item and ignores its other fields', () => {
    const item = { id: 'bone-branco', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 3 };
    expect(is(item, CartItemStruct)).toBe(true);
    expect(Value.Check(CheckoutBody, { products: [item] })).toBe(true);
  });

  it.each([
    [0, false],
    [1, true],
    [MAX_CART_LINES, true],
    [MAX_CART_LINES + 1, false],
  ])('%i lines → %s', (count, accepted) => {
    const products = Array.from({ length: count }, (_, i) => ({ id: `p-${i}`, quantity: 1 }));
    expect(Value.Check(CheckoutBody, { products })).toBe(accepted);
  });
});
