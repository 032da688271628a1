// How a tab applies another tab's change (src/adapters/cartStorage/merge.ts). Expectations are quantities
// worked out by hand from the two tabs' clicks.
import { describe, expect, it } from 'vitest';
import { applyCartDelta, cartDelta } from '../../src/adapters/cartStorage/merge';
import type { CartItem } from '../../src/domain';
import { aCartItem } from '../support/builders';

const line = (id: string, quantity: number): CartItem =>
  aCartItem({ id, name: `Produto ${id}`, price: 10, imageUrl: '/i.svg', quantity }).build();
const pairs = (cart: readonly CartItem[]) => cart.map((i) => [i.id, i.quantity]);

describe('cartDelta and applyCartDelta', () => {
  it('the change is what differs, per product: more, fewer, new and gone lines', () => {
    const before = [line('a', 2), line('b', 1), line('c', 3)];
    const after = [line('a', 3), line('c', 3), line('d', 1)];
    expect(cartDelta(before, after).map((c) => [c.item.id, c.quantity])).toEqual([
      ['a', 1],
      ['d', 1],
      ['b', -1],
    ]);
  });

  it("both tabs' adds count: each tab's +1 on the same line from the same cart gives +2", () => {
    const start = [line('a', 1)];
    const mine = [line('a', 2)];
    const theirs = [line('a', 2), line('b', 1)];
    expect(pairs(applyCartDelta(mine, cartDelta(start, theirs)))).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
  });

  it('a line removed there goes here, unless this tab added to it meanwhile (then only that add stays)', () => {
    const start = [line('a', 2), line('b', 1)];
    const theirs = [line('b', 1)];
    expect(pairs(applyCartDelta(start, cartDelta(start, theirs)))).toEqual([['b', 1]]);
    expect(pairs(applyCartDelta([line('a', 3), line('b', 1)], cartDelta(start, theirs)))).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('keeps the per-line maximum (99) and drops a line that would go below 1', () => {
    expect(pairs(applyCartDelta([line('a', 98)], [{ item: line('a', 5), quantity: 5 }]))).toEqual([['a', 99]]);
    expect(applyCartDelta([line('a', 1)], [{ item: line('a', 0), quantity: -3 }])).toEqual([]);
  });

  it("applying the change from the same cart gives the other tab's cart", () => {
    const start = [line('a', 2), line('b', 1)];
    const theirs = [line('a', 1), line('c', 4)];
    expect(pairs(applyCartDelta(start, cartDelta(start, theirs)))).toEqual(pairs(theirs));
  });
});
