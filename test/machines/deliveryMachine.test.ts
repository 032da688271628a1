import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import type { CartItem, Category } from '../../src/domain';
import * as deliveryModule from '../../src/domain/delivery';
import type { DeliveryQuote, ParcelLine } from '../../src/domain/delivery';
import {
  createDeliveryActors,
  deliveryMachine,
  parcelLinesOf,
  QUOTE_TIMEOUT_MS,
  selectedDelivery,
  watchCartParcel,
  type DeliveryEvent,
  type DeliveryInput,
  type QuoteRequest,
} from '../../src/machines/deliveryMachine';
import { controllable, tick } from '../support/fakes/controllable';

// Tuesday 1 December 2026, noon in Brasília: no holiday in the next three weeks.
const NOW = Date.parse('2026-12-01T15:00:00Z');
const JACKET: ParcelLine[] = [{ categoryId: 'jackets', quantity: 1, unitAmount: 50_000 }];
const HATS: ParcelLine[] = [
  { categoryId: 'hats', quantity: 2, unitAmount: 5_990 },
  { categoryId: null, quantity: 1, unitAmount: 8_990 },
];

function start(
  input: DeliveryInput = {},
  options: { quote?: ReturnType<typeof fromPromise<DeliveryQuote, QuoteRequest>> } = {},
) {
  const storage = memoryDeliveryCep();
  const logError = vi.fn();
  // The quoting module already loaded, so a quote answers within one tick (its lazy loading is tested below).
  const production = createDeliveryActors({
    storage,
    now: () => NOW,
    log: logError,
    loadDeliveryModule: async () => deliveryModule,
  });
  const actor = createActor(
    deliveryMachine.provide({
      actors: options.quote ? { quote: options.quote } : production.actors,
      actions: production.actions,
    }),
    { input },
  ).start();
  return { actor, storage, logError, snap: () => actor.getSnapshot() };
}

describe('deliveryMachine', () => {
  it('starts idle with nothing typed, no CEP and economica chosen', () => {
    const { snap } = start();
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ cepInput: '', cep: null, error: null, quote: null, service: 'economica' });
    expect(selectedDelivery(snap())).toBeNull();
  });

  it.each([
    ['', 'Informe o CEP.'],
    ['abc', 'CEP inválido. Use 8 números, como 01310-100.'],
    ['0131-0100', 'CEP inválido. Use 8 números, como 01310-100.'],
    ['00500-000', 'Não encontramos este CEP nas faixas dos Correios. Confira os números.'],
  ])('%j is invalid, with its pt-BR message, and is not saved', (typed, message) => {
    const { actor, snap, storage } = start({ lines: JACKET });
    actor.send({ type: 'delivery.cep.submit', cep: typed });
    expect(snap().value).toBe('invalid');
    expect(snap().context.error).toBe(message);
    expect(snap().context.cepInput).toBe(typed);
    expect(storage.raw()).toBeNull();
  });

  it('quotes a valid CEP: busy while quoting, then both services priced from the rate card', async () => {
    const { actor, snap, storage } = start({ lines: JACKET });
    actor.send({ type: 'delivery.cep.submit', cep: ' 20040-020 ' });
    expect(snap().value).toBe('quoting');
    expect(snap().hasTag('busy')).toBe(true);
    expect(storage.raw()).toBe('20040020');
    await tick();
    expect(snap().value).toBe('quoted');
    // RJ is zone SE; 1,200 g + 200 g packaging = 1,400 g: base + one 500 g step. R$ 500,00 ≥ R$ 299,00: Econômica free.
    expect(snap().context.quote).toMatchObject({ cep: '20040020', uf: 'RJ', weightGrams: 1400 });
    expect(snap().context.quote?.options.map((o) => [o.service, o.amount])).toEqual([
      ['economica', 0],
      ['expressa', 2990 + 500],
    ]);
    expect(selectedDelivery(snap())).toEqual({ cep: '20040020', service: 'economica' });
  });

  it('a valid CEP with nothing to ship is remembered and waits in idle', () => {
    const { actor, snap, storage } = start();
    actor.send({ type: 'delivery.cep.submit', cep: '01310100' });
    expect(snap().value).toBe('idle');
    expect(snap().context.cep).toBe('01310100');
    expect(storage.raw()).toBe('01310100');
  });

  it('the chosen service goes to selectedDelivery; an unknown one is refused', async () => {
    const { actor, snap } = start({ lines: HATS, cep: '01310100' });
    await tick();
    actor.send({ type: 'delivery.service.select', service: 'expressa' });
    expect(selectedDelivery(snap())).toEqual({ cep: '01310100', service: 'expressa' });
    actor.send({ type: 'delivery.service.select', service: 'sedex' as never });
    expect(snap().context.service).toBe('expressa');
  });

  it('a stored CEP with lines is quoted at once; a corrupt stored CEP is ignored', async () => {
    const stored = start({ lines: HATS, cep: '01310100' });
    expect(stored.snap().value).toBe('quoting');
    expect(stored.snap().context.cepInput).toBe('01310-100');
    await tick();
    expect(stored.snap().context.quote?.options[0]?.amount).toBe(1590 + 250);
    const corrupt = start({ lines: HATS, cep: 'abc' });
    expect(corrupt.snap().value).toBe('idle');
    expect(corrupt.snap().context.cep).toBeNull();
  });

  it('new lines re-quote; empty lines go back to idle keeping the CEP', async () => {
    const { actor, snap } = start({ lines: HATS, cep: '01310100' });
    await tick();
    expect(snap().context.quote?.options[0]?.free).toBe(false);
    actor.send({ type: 'delivery.lines.changed', lines: JACKET });
    expect(snap().value).toBe('quoting');
    await tick();
    expect(snap().context.quote?.options[0]?.free).toBe(true);
    actor.send({ type: 'delivery.lines.changed', lines: [] });
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ cep: '01310100', quote: null, lines: [] });
    expect(selectedDelivery(snap())).toBeNull();
    actor.send({ type: 'delivery.lines.changed', lines: JACKET });
    expect(snap().value).toBe('quoting');
  });

  it('lines that change while the typed CEP is invalid keep the message and quote nothing', () => {
    const quote = controllable<[QuoteRequest], DeliveryQuote>('quote');
    const { actor, snap } = start({ lines: HATS }, { quote: fromPromise(({ input }) => quote.fn(input)) });
    actor.send({ type: 'delivery.cep.submit', cep: 'abc' });
    actor.send({ type: 'delivery.lines.changed', lines: JACKET });
    expect(snap().value).toBe('invalid');
    expect(snap().context.lines).toEqual(JACKET);
    expect(quote.calls).toHaveLength(0);
  });

  it('a failed quote shows the pt-BR message, is logged, and delivery.retry quotes again', async () => {
    const quote = controllable<[QuoteRequest], DeliveryQuote>('quote');
    const { actor, snap, logError } = start({ lines: JACKET }, { quote: fromPromise(({ input }) => quote.fn(input)) });
    actor.send({ type: 'delivery.cep.submit', cep: '69900-000' });
    expect(quote.latest().args[0]).toEqual({ cep: '69900000', lines: JACKET });
    quote.latest().reject(new Error('offline'));
    await tick();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toBe('Não foi possível calcular o frete agora. Tente novamente.');
    expect(logError).toHaveBeenCalledTimes(1);
    actor.send({ type: 'delivery.retry' });
    expect(snap().value).toBe('quoting');
    expect(snap().context.error).toBeNull();
    expect(quote.calls).toHaveLength(2);
  });
});

describe('deliveryMachine: the quote has a deadline', () => {
  it('a quote that does not answer in 10 s (its code never downloads) fails with the message and can be retried', () => {
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
    expect(QUOTE_TIMEOUT_MS).toBe(10_000);
    clock.increment(9_999);
    expect(actor.getSnapshot().value).toBe('quoting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Não foi possível calcular o frete agora. Tente novamente.');
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'quote' }));
    actor.send({ type: 'delivery.retry' });
    expect(quote.calls).toHaveLength(2);
    actor.stop();
  });
});

describe('createDeliveryActors', () => {
  it('loads the quoting module with the first quote (a lazy chunk in the storefront)', async () => {
    const { actors, actions } = createDeliveryActors({ storage: memoryDeliveryCep(), now: () => NOW });
    const actor = createActor(deliveryMachine.provide({ actors, actions }), {
      input: { cep: '01310100', lines: JACKET },
    }).start();
    const quoted = await waitFor(actor, (snapshot) => snapshot.matches('quoted'), { timeout: 10_000 });
    expect(quoted.context.quote?.options.map((o) => o.amount)).toEqual([0, 2490 + 400]);
    actor.stop();
  });

  it('a quoting module that fails to download is a failed quote, and a retry downloads again', async () => {
    let downloads = 0;
    const { actors, actions } = createDeliveryActors({
      storage: memoryDeliveryCep(),
      now: () => NOW,
      log: () => {},
      loadDeliveryModule: async () => {
        if (++downloads === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return deliveryModule;
      },
    });
    const actor = createActor(deliveryMachine.provide({ actors, actions }), {
      input: { cep: '01310100', lines: JACKET },
    }).start();
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'delivery.retry' });
    await tick();
    expect(actor.getSnapshot().value).toBe('quoted');
    expect(downloads).toBe(2);
    actor.stop();
  });

  it('the quote actor rejects what the domain refuses (an empty parcel)', async () => {
    const { actors } = createDeliveryActors({ storage: memoryDeliveryCep(), now: () => NOW });
    const actor = createActor(actors.quote, { input: { cep: '01310100', lines: [] } });
    const settled = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    await expect(settled).resolves.toMatchObject({ message: 'Adicione um produto para calcular o frete.' });
  });

  it('quotes from the day now() says', async () => {
    const { actors } = createDeliveryActors({
      storage: memoryDeliveryCep(),
      now: () => NOW,
      loadDeliveryModule: async () => deliveryModule,
    });
    const actor = createActor(actors.quote, { input: { cep: '01310100', lines: JACKET } }).start();
    await tick();
    expect(actor.getSnapshot().output?.quotedOn).toBe('2026-12-01');
  });
});

describe('the cart as a parcel', () => {
  const catalog: Category[] = [
    {
      id: 'jackets',
      name: 'jackets',
      displayName: 'Jaquetas',
      imageUrl: '/j.svg',
      products: [{ id: 'j1', name: 'Jaqueta', imageUrl: '/j1.svg', price: 500 }],
    },
    {
      id: 'hats',
      name: 'hats',
      displayName: 'Chapéus',
      imageUrl: '/h.svg',
      products: [{ id: 'h1', name: 'Boné', imageUrl: '/h1.svg', price: 59.9 }],
    },
  ];
  const item = (id: string, price: number, quantity: number): CartItem => ({
    id,
    name: id,
    imageUrl: `/${id}.svg`,
    price,
    quantity,
  });

  it('each line gets the category holding its product (null when unknown) and its price in centavos', () => {
    expect(parcelLinesOf([item('h1', 59.9, 2), item('x9', 89.9, 1)], catalog)).toEqual([
      { categoryId: 'hats', quantity: 2, unitAmount: 5990 },
      { categoryId: null, quantity: 1, unitAmount: 8990 },
    ]);
  });

  it('watchCartParcel sends the lines when they change, and only then', () => {
    const source = <C>(context: C) => {
      const listeners = new Set<() => void>();
      return {
        context,
        getSnapshot() {
          return { context: this.context };
        },
        subscribe(listener: () => void) {
          listeners.add(listener);
          return { unsubscribe: () => listeners.delete(listener) };
        },
        emit(next: C) {
          this.context = next;
          listeners.forEach((listener) => listener());
        },
      };
    };
    const cart = source({ items: [item('j1', 500, 1)] });
    const catalogActor = source({ categories: [] as Category[] });
    const sent: DeliveryEvent[] = [];
    const delivery = createActor(
      deliveryMachine.provide({ actors: { watchParcel: watchCartParcel({ cart, catalog: catalogActor }) } }),
      {
        input: { lines: [] },
        inspect: (inspection) => {
          if (inspection.type === '@xstate.event' && inspection.event.type === 'delivery.lines.changed')
            sent.push(inspection.event as DeliveryEvent);
        },
      },
    );
    delivery.start();
    // At start: the cart holds a jacket the catalog does not know yet (default weight).
    expect(delivery.getSnapshot().context.lines).toEqual([{ categoryId: null, quantity: 1, unitAmount: 50_000 }]);
    expect(sent).toHaveLength(1);
    catalogActor.emit({ categories: catalog });
    expect(delivery.getSnapshot().context.lines).toEqual([{ categoryId: 'jackets', quantity: 1, unitAmount: 50_000 }]);
    expect(sent).toHaveLength(2);
    // The same parcel again (a panel toggle, a refresh with the same products): nothing sent.
    cart.emit({ items: [item('j1', 500, 1)] });
    catalogActor.emit({ categories: [...catalog] });
    expect(sent).toHaveLength(2);
    cart.emit({ items: [] });
    expect(delivery.getSnapshot().context.lines).toEqual([]);
    expect(sent).toHaveLength(3);
    delivery.stop();
  });
});
