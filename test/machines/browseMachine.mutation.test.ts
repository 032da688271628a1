// browseMachine behaviour the mutation run (npm run test:mutation) showed untested: which of its states says what
// the page shows (everything, narrowed, nothing in range), and the echoes it still waits for. Events in; state,
// tags, the products shown and the addresses written out, compared with values written here.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../src/domain';
import { browseMachine } from '../../src/machines/browseMachine';

const p = (id: string, price: number): Product => ({ id, name: `Produto ${id}`, price, imageUrl: `/images/${id}.svg` });
const LIST = [p('a', 300), p('b', 100), p('c', 200)];
const CHEAP = [p('x', 40), p('y', 60)];

function start(products: readonly Product[] = LIST, address?: string) {
  const writes: string[] = [];
  const actor = createActor(
    browseMachine.provide({
      actions: {
        showAddress: (_, { address: written }) => writes.push(`push ${written}`),
        correctAddress: (_, { address: written }) => writes.push(`replace ${written}`),
      },
    }),
    { input: address === undefined ? { products } : { products, address } },
  ).start();
  const snap = () => actor.getSnapshot();
  const router = (to: string) => actor.send({ type: 'browse.address.changed', address: to });
  const shown = () => snap().context.visible.map((product) => product.id);
  return { actor, writes, snap, router, shown };
}

describe('browseMachine (mutation run): the state says what the page shows', () => {
  it('starts on every product of the list, waiting for no echo', () => {
    const { snap } = start();
    expect(snap().value).toBe('everything');
    expect(snap().hasTag('empty')).toBe(false);
    expect(snap().context).toEqual({
      products: LIST,
      view: { order: 'padrao', price: null },
      address: '',
      visible: LIST,
      bands: [
        { range: { min: null, max: 200 }, label: 'Até R$\u00a0200', count: 2 },
        { range: { min: 200, max: null }, label: 'A partir de R$\u00a0200', count: 2 },
      ],
      echoes: [],
    });
  });

  it('an empty list without a price filter is "everything" (no "nothing in this range" message)', () => {
    const { snap } = start([]);
    expect(snap().value).toBe('everything');
    expect(snap().hasTag('empty')).toBe(false);
  });

  it('starts narrowed from an address with a price range, and shows everything again once it is cleared', () => {
    const { actor, snap, shown, writes } = start(LIST, 'preco=150-');
    expect(snap().value).toBe('narrowed');
    expect(shown()).toEqual(['a', 'c']);
    actor.send({ type: 'browse.clear' });
    expect(snap().value).toBe('everything');
    expect(shown()).toEqual(['a', 'b', 'c']);
    expect(writes).toEqual(['push ']);
  });

  it('choosing a range that holds products narrows the list', () => {
    const { actor, snap, shown } = start();
    actor.send({ type: 'browse.price.choose', range: { min: null, max: 200 } });
    expect(snap().value).toBe('narrowed');
    expect(snap().hasTag('empty')).toBe(false);
    expect(shown()).toEqual(['b', 'c']);
  });

  it('an order chosen on a narrowed list keeps it narrowed', () => {
    const { actor, snap, shown } = start(LIST, 'preco=150-');
    actor.send({ type: 'browse.order.choose', order: 'menor-preco' });
    expect(snap().value).toBe('narrowed');
    expect(shown()).toEqual(['c', 'a']);
  });

  it('a new list with nothing in the chosen range says so, and a list with something in it narrows again', () => {
    const { actor, snap, shown } = start(LIST, 'preco=150-');
    actor.send({ type: 'browse.products.changed', products: CHEAP });
    expect(snap().value).toBe('nothingInRange');
    expect(snap().hasTag('empty')).toBe(true);
    expect(shown()).toEqual([]);
    expect(snap().context.bands).toEqual([]);
    actor.send({ type: 'browse.products.changed', products: LIST });
    expect(snap().value).toBe('narrowed');
    expect(snap().hasTag('empty')).toBe(false);
    expect(shown()).toEqual(['a', 'c']);
  });

  it('a new list without a price filter shows all of it', () => {
    const { actor, snap, shown } = start();
    actor.send({ type: 'browse.products.changed', products: CHEAP });
    expect(snap().value).toBe('everything');
    expect(shown()).toEqual(['x', 'y']);
  });
});

describe('browseMachine (mutation run): the echoes still to come', () => {
  it('each choice is remembered as an echo until the router hands it back', () => {
    const { actor, snap, router } = start();
    actor.send({ type: 'browse.order.choose', order: 'nome' });
    actor.send({ type: 'browse.price.choose', range: { min: 100, max: 200 } });
    expect(snap().context.echoes).toEqual(['ordem=nome', 'ordem=nome&preco=100-200']);
    router('ordem=nome');
    expect(snap().context.echoes).toEqual(['ordem=nome&preco=100-200']);
    router('ordem=nome&preco=100-200');
    expect(snap().context.echoes).toEqual([]);
  });

  it("the shopper's own move leaves no echo to wait for", () => {
    const { actor, snap, router, shown } = start();
    actor.send({ type: 'browse.order.choose', order: 'menor-preco' });
    router('preco=-150');
    expect(snap().context.echoes).toEqual([]);
    expect(snap().value).toBe('narrowed');
    expect(shown()).toEqual(['b']);
  });

  it('an unreadable address is corrected and that correction alone is awaited', () => {
    const { actor, snap, router, writes } = start();
    actor.send({ type: 'browse.order.choose', order: 'maior-preco' });
    router('ordem=bogus&preco=1-2-3');
    expect(writes).toEqual(['push ordem=maior-preco', 'replace ']);
    expect(snap().context.echoes).toEqual(['']);
    expect(snap().value).toBe('everything');
  });
});
