// stockMachine over a port whose answers the test settles: reads one at a time, in order, the same request not
// asked twice while it waits, what each answer teaches (expected stock written out here), the cart told of
// every product read, a failure or a deadline logged with what is known kept.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createStockActors, stockMachine } from '../../src/machines/stockMachine';
import type { LowStockAnswer, StockAnswer } from '../../src/domain/stock';
import { selectStockLevel } from '../../src/ui/selectors';
import { controllable, tick } from '../support/fakes/controllable';

function start(stock?: Record<string, number>) {
  const getStock = controllable<[readonly string[]], StockAnswer>('getStock');
  const listLowStock = controllable<[readonly string[]], LowStockAnswer>('listLowStock');
  const shared: StockAnswer[] = [];
  const logged: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    stockMachine.provide({
      actors: createStockActors({ catalog: { getStock: getStock.fn, listLowStock: listLowStock.fn } }),
      actions: {
        shareWithCart: (_, { answer }) => void shared.push(answer),
        logError: (_, { during }) => void logged.push(during),
      },
    }),
    { input: { stock }, clock },
  ).start();
  const level = (id: string) => selectStockLevel(id)(actor.getSnapshot());
  return { actor, getStock, listLowStock, shared, logged, clock, level };
}

describe('stockMachine', () => {
  it('starts from the stock a page was rendered with, and reads nothing by itself', () => {
    const { actor, getStock, listLowStock, level } = start({ chapeu: 0, boina: 2 });
    expect(level('chapeu')).toBe('soldOut');
    expect(level('boina')).toBe('low');
    expect(level('gorro')).toBe('untracked');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(getStock.calls.map((call) => call.args)).toEqual([]);
    expect(listLowStock.calls.map((call) => call.args)).toEqual([]);
  });

  it("a product page's read: its units, and the cart hears them", async () => {
    const { actor, getStock, shared, level } = start();
    actor.send({ type: 'stock.products.show', ids: ['chapeu'] });
    expect(getStock.calls.map((call) => call.args)).toEqual([[['chapeu']]]);
    getStock.latest().resolve({ chapeu: 0 });
    await tick();
    expect(level('chapeu')).toBe('soldOut');
    expect(shared).toEqual([{ chapeu: 0 }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reads one at a time, in order; the same request waiting is not asked twice; none for no ids', async () => {
    const { actor, getStock, listLowStock, shared, level } = start();
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    actor.send({ type: 'stock.products.show', ids: ['boina', 'boina', 'gorro'] });
    actor.send({ type: 'stock.products.show', ids: ['boina', 'gorro'] });
    actor.send({ type: 'stock.products.show', ids: [] });
    expect(listLowStock.calls.map((call) => call.args)).toEqual([[['hats']]]);
    expect(getStock.calls.map((call) => call.args)).toEqual([]);
    listLowStock.latest().resolve({ hats: { chapeu: 0, boina: 2 } });
    await tick();
    expect(level('boina')).toBe('low');
    expect(shared).toEqual([]);
    expect(getStock.calls.map((call) => call.args)).toEqual([[['boina', 'gorro']]]);
    getStock.latest().resolve({ boina: 5, gorro: null });
    await tick();
    expect(level('boina')).toBe('available');
    expect(level('chapeu')).toBe('soldOut');
    expect(shared).toEqual([{ boina: 5, gorro: null }]);
    expect(getStock.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a request differing by kind, by length or by an id is another request, read in its turn', async () => {
    const { actor, getStock, listLowStock } = start();
    actor.send({ type: 'stock.products.show', ids: ['x'] });
    actor.send({ type: 'stock.categories.show', ids: ['a', 'b'] });
    actor.send({ type: 'stock.products.show', ids: ['a', 'b'] });
    actor.send({ type: 'stock.products.show', ids: ['a'] });
    actor.send({ type: 'stock.products.show', ids: ['a', 'c'] });
    actor.send({ type: 'stock.products.show', ids: ['a', 'c'] });
    for (let read = 0; read < 5; read += 1) {
      if (read === 1) listLowStock.latest().resolve({ a: {}, b: {} });
      else getStock.latest().resolve({});
      await tick();
    }
    expect(listLowStock.calls.map((call) => call.args)).toEqual([[['a', 'b']]]);
    expect(getStock.calls.map((call) => call.args)).toEqual([[['x']], [['a', 'b']], [['a']], [['a', 'c']]]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('unprovided, it answers nothing: a products read tells the cart of no units, a categories read tells it nothing', async () => {
    const shared: StockAnswer[] = [];
    const actor = createActor(
      stockMachine.provide({ actions: { shareWithCart: (_, { answer }) => void shared.push(answer) } }),
    ).start();
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    await tick();
    expect(shared).toEqual([]);
    actor.send({ type: 'stock.products.show', ids: ['a'] });
    await tick();
    expect(shared).toEqual([{}]);
    expect(actor.getSnapshot().context.stock).toEqual({});
  });

  it('a category read again forgets a product it no longer answers (restocked)', async () => {
    const { actor, listLowStock, level } = start();
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    listLowStock.latest().resolve({ hats: { chapeu: 0, boina: 2 } });
    await tick();
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    listLowStock.latest().resolve({ hats: { chapeu: 0 } });
    await tick();
    expect(level('boina')).toBe('untracked');
    expect(level('chapeu')).toBe('soldOut');
  });

  it('a failed read is logged and keeps what is known; the next one is read', async () => {
    const { actor, getStock, listLowStock, logged, level } = start({ chapeu: 0 });
    actor.send({ type: 'stock.products.show', ids: ['chapeu'] });
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    getStock.latest().reject(new Error('offline'));
    await tick();
    expect(logged).toEqual(['readStock']);
    expect(level('chapeu')).toBe('soldOut');
    expect(listLowStock.calls.map((call) => call.args)).toEqual([[['hats']]]);
  });

  it('no answer within 8 s: logged, given up on, the next read goes', async () => {
    const { actor, getStock, logged, clock, shared } = start();
    actor.send({ type: 'stock.products.show', ids: ['a'] });
    actor.send({ type: 'stock.products.show', ids: ['b'] });
    clock.increment(7_999);
    expect(logged).toEqual([]);
    clock.increment(1);
    expect(logged).toEqual(['readStock']);
    expect(getStock.calls.map((call) => call.args)).toEqual([[['a']], [['b']]]);
    // The late answer of the first read is dropped.
    getStock.calls[0]!.resolve({ a: 1 });
    await tick();
    expect(shared).toEqual([]);
    expect(actor.getSnapshot().value).toBe('reading');
  });

  it('a port without stock reads knows no stock', async () => {
    const actor = createActor(stockMachine.provide({ actors: createStockActors({ catalog: {} }) })).start();
    actor.send({ type: 'stock.products.show', ids: ['a'] });
    actor.send({ type: 'stock.categories.show', ids: ['hats'] });
    await tick();
    await tick();
    expect(actor.getSnapshot().context.stock).toEqual({});
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
