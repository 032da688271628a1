// deliveryMachine behaviour the mutation run showed untested. Events in; the state, the log and the parcel
// written here by hand.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import type { CartItem, Category } from '../../src/domain';
import type { DeliveryQuote, ParcelLine } from '../../src/domain/delivery';
import {
  createDeliveryActors,
  DeliveryQuoteError,
  deliveryMachine,
  parcelLinesOf,
  sameParcel,
  watchCartParcel,
  type QuoteRequest,
} from '../../src/machines/deliveryMachine';
import { controllable, tick } from '../support/fakes/controllable';

const JACKET: ParcelLine[] = [{ categoryId: 'jackets', quantity: 1, unitAmount: 50_000 }];

const item = (id: string, price: number, quantity: number): CartItem => ({
  id,
  name: id,
  imageUrl: `/images/${id}.webp`,
  price,
  quantity,
});

describe('deliveryMachine (mutation run)', () => {
  it('starts idle with no input at all', () => {
    const actor = createActor(deliveryMachine).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ cepInput: '', cep: null, lines: [] });
    actor.stop();
  });

  it('without a provided quote actor a quote fails, and the log says the quote was not provided', async () => {
    const logError = vi.fn();
    const actor = createActor(deliveryMachine.provide({ actions: { logError: (_, params) => logError(params) } }), {
      input: { cep: '01310100', lines: JACKET },
    }).start();
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(logError).toHaveBeenCalledTimes(1);
    expect((logError.mock.calls[0]![0] as { error: Error }).error.message).toBe('quote not provided');
    actor.stop();
  });

  it('a failed quote is logged with its error, as "[delivery] quote failed"', async () => {
    const quote = controllable<[QuoteRequest], DeliveryQuote>('quote');
    const log = vi.fn();
    const production = createDeliveryActors({ storage: memoryDeliveryCep(), log });
    const actor = createActor(
      deliveryMachine.provide({
        actors: { quote: fromPromise(({ input }) => quote.fn(input)) },
        actions: production.actions,
      }),
      { input: { cep: '01310100', lines: JACKET } },
    ).start();
    const failure = new Error('offline');
    quote.latest().reject(failure);
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('[delivery] quote failed', failure);
    actor.stop();
  });

  it('logError gets the error and "quote": the rejection, or after 10 s an error that says so', async () => {
    const clock = new SimulatedClock();
    const quote = controllable<[QuoteRequest], DeliveryQuote>('quote');
    const logError = vi.fn();
    const actor = createActor(
      deliveryMachine.provide({
        actors: { quote: fromPromise(({ input }) => quote.fn(input)) },
        actions: { logError: (_, params) => logError(params) },
      }),
      { input: { cep: '01310100', lines: JACKET }, clock },
    ).start();
    const failure = new Error('offline');
    quote.latest().reject(failure);
    await tick();
    expect(logError).toHaveBeenLastCalledWith({ error: failure, during: 'quote' });
    actor.send({ type: 'delivery.retry' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(logError).toHaveBeenCalledTimes(2);
    const [{ error, during }] = logError.mock.calls[1]!;
    expect(during).toBe('quote');
    expect((error as Error).message).toBe('no quote in 10000 ms');
    actor.stop();
  });

  it('a quote the domain refuses is a DeliveryQuoteError', () => {
    const error = new DeliveryQuoteError('Informe o CEP.');
    expect(error.name).toBe('DeliveryQuoteError');
    expect(error.message).toBe('Informe o CEP.');
  });

  it("a line's category is the one that holds its product among others", () => {
    const categories: Category[] = [
      {
        id: 'hats',
        name: 'hats',
        displayName: 'Bonés',
        imageUrl: '/images/hats.webp',
        products: [
          { id: 'h1', name: 'Boné 1', imageUrl: '/images/h1.webp', price: 59.9 },
          { id: 'h2', name: 'Boné 2', imageUrl: '/images/h2.webp', price: 49.9 },
        ],
      },
    ];
    expect(parcelLinesOf([item('h2', 49.9, 3)], categories)).toEqual([
      { categoryId: 'hats', quantity: 3, unitAmount: 4990 },
    ]);
  });

  it('two parcels are the same only when every line matches in category, quantity and price', () => {
    const first = { categoryId: 'hats', quantity: 1, unitAmount: 5990 };
    const second = { categoryId: 'jackets', quantity: 2, unitAmount: 50_000 };
    expect(sameParcel([first, second], [first, { ...second }])).toBe(true);
    expect(sameParcel([first, second], [first, { ...second, unitAmount: 49_990 }])).toBe(false);
    expect(sameParcel([first, second], [first, { ...second, quantity: 1 }])).toBe(false);
    expect(sameParcel([first, second], [first, { ...second, categoryId: null }])).toBe(false);
  });

  it('watchCartParcel stops following the cart and the catalog when the delivery stops', () => {
    const unsubscribed: string[] = [];
    const watchable = <C>(name: string, context: C) => ({
      getSnapshot: () => ({ context }),
      subscribe: () => ({ unsubscribe: () => unsubscribed.push(name) }),
    });
    const actor = createActor(
      deliveryMachine.provide({
        actors: {
          watchParcel: watchCartParcel({
            cart: watchable('cart', { items: [] as CartItem[] }),
            catalog: watchable('catalog', { categories: [] as Category[] }),
          }),
        },
      }),
      { input: { lines: [] } },
    ).start();
    expect(unsubscribed).toEqual([]);
    actor.stop();
    expect(unsubscribed).toEqual(['cart', 'catalog']);
  });
});
