import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../src/domain';
import { browseMachine } from '../../src/machines/browseMachine';

const p = (id: string, price: number): Product => ({ id, name: `Produto ${id}`, price, imageUrl: `/images/${id}.svg` });
const LIST = [p('a', 300), p('b', 100), p('c', 200)];

/**
 * A browse actor whose address port records what it writes and how often a pending write is dropped; the test
 * plays the router, handing addresses back when it chooses (wouter does so after its re-render).
 */
function start() {
  const writes: string[] = [];
  let dropped = 0;
  const actor = createActor(
    browseMachine.provide({
      actions: {
        showAddress: (_, { address }) => writes.push(`push ${address}`),
        correctAddress: (_, { address }) => writes.push(`replace ${address}`),
        dropPendingAddress: () => {
          dropped++;
        },
      },
    }),
    { input: { products: LIST } },
  ).start();
  const router = (address: string) => actor.send({ type: 'browse.address.changed', address });
  const shown = () => actor.getSnapshot().context.visible.map((product) => product.id);
  return { actor, writes, dropped: () => dropped, router, shown };
}

describe('browseMachine: its own addresses coming back from the router are not news', () => {
  it('an echo that a newer choice has overtaken does not take the view back a step', () => {
    const { actor, writes, dropped, router, shown } = start();
    router('');
    actor.send({ type: 'browse.order.choose', order: 'menor-preco' });
    actor.send({ type: 'browse.order.choose', order: 'maior-preco' });
    expect(writes).toEqual(['push ordem=menor-preco', 'push ordem=maior-preco']);
    router('ordem=menor-preco'); // the first write, reported after the second choice
    expect(shown()).toEqual(['a', 'c', 'b']);
    router('ordem=maior-preco');
    expect(shown()).toEqual(['a', 'c', 'b']);
    expect(dropped()).toBe(1); // only the arrival
    // Both echoes are in: the same address again is the shopper's Back.
    router('ordem=menor-preco');
    expect(shown()).toEqual(['b', 'c', 'a']);
    expect(dropped()).toBe(2);
    expect(writes).toHaveLength(2);
  });

  it('the router reporting only the newest of two writes settles both', () => {
    const { actor, router, shown } = start();
    actor.send({ type: 'browse.order.choose', order: 'menor-preco' });
    actor.send({ type: 'browse.order.choose', order: 'maior-preco' });
    router('ordem=maior-preco');
    expect(shown()).toEqual(['a', 'c', 'b']);
    router('ordem=menor-preco'); // Back: not an echo any more
    expect(shown()).toEqual(['b', 'c', 'a']);
  });

  it("the shopper's own move forgets the echoes and drops a write still pending", () => {
    const { actor, dropped, router, shown } = start();
    actor.send({ type: 'browse.order.choose', order: 'menor-preco' });
    expect(dropped()).toBe(0);
    router('preco=150-'); // a link, before the choice's entry was written
    expect(dropped()).toBe(1);
    expect(shown()).toEqual(['a', 'c']);
    expect(actor.getSnapshot().context.view).toEqual({ order: 'padrao', price: { min: 150, max: null } });
    // The dropped write never comes back; if the shopper goes to that address, it is a move of theirs.
    router('ordem=menor-preco');
    expect(shown()).toEqual(['b', 'c', 'a']);
    expect(dropped()).toBe(2);
  });

  it('a corrected address comes back as an echo too', () => {
    const { writes, dropped, router, shown } = start();
    router('ordem=bogus');
    expect(writes).toEqual(['replace ']);
    expect(dropped()).toBe(1);
    router('');
    expect(dropped()).toBe(1);
    expect(shown()).toEqual(['a', 'b', 'c']);
  });
});
