import { expect } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { Product } from '../../../src/domain';
import { browseMachine } from '../../../src/machines/browseMachine';
import { coveringWalks, pathName, type ModelPath, type TransitionRecorder } from './modelGraph';

// --- Two lists, in their own order (the category's, or a search's ranking) ---------------------------------
const p = (id: string, name: string, price: number): Product => ({ id, name, price, imageUrl: `/images/${id}.svg` });
/** Accents and a lower-case initial (name order), two products at R$ 150 (a stable sort keeps their order). */
export const LIST_A: Product[] = [
  p('a1', 'Jaqueta de Couro Preta', 500),
  p('a2', 'Blazer Bege', 400),
  p('a3', 'Corta Vento', 250),
  p('a4', 'Óculos Redondo', 89.9),
  p('a5', 'Boné Branco', 60),
  p('a6', 'bermuda Azul', 150),
  p('a7', 'Calça Jeans', 300),
  p('a8', 'Camiseta Branca', 100),
  p('a9', 'Regata Azul', 150),
];
export const LIST_B: Product[] = [
  p('b1', 'Tênis Casual Branco', 199.9),
  p('b2', 'Tênis de Corrida', 349.9),
  p('b3', 'Chinelo', 49.9),
];
const listName = (products: readonly Product[]) => (products === LIST_A ? 'A' : products === LIST_B ? 'B' : '?');

// --- The reference: a filter and a sort written here, not the domain's --------------------------------------
type Order = 'padrao' | 'menor-preco' | 'maior-preco' | 'nome';
type Range = { min: number | null; max: number | null } | null;

function referenceFilter(products: readonly Product[], range: Range): Product[] {
  const out: Product[] = [];
  for (const product of products) {
    if (range === null) out.push(product);
    else if ((range.min === null || product.price >= range.min) && (range.max === null || product.price <= range.max))
      out.push(product);
  }
  return out;
}

/** "Óculos" sorts as "oculos", "bermuda" with "Blazer": accents and case do not count. */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Insertion sort: stable by construction (an equal element never moves in front of an earlier one). */
function referenceSort(products: Product[], order: Order): Product[] {
  const before = (a: Product, b: Product): boolean => {
    if (order === 'menor-preco') return a.price < b.price;
    if (order === 'maior-preco') return a.price > b.price;
    if (order === 'nome') return nameKey(a.name) < nameKey(b.name);
    return false;
  };
  const out: Product[] = [];
  for (const product of products) {
    let at = out.length;
    while (at > 0 && before(product, out[at - 1]!)) at--;
    out.splice(at, 0, product);
  }
  return out;
}

/** The bands of each list, worked out by hand from its prices (edges at its thirds, rounded; both ends included). */
export const EXPECTED_BANDS: Record<
  'A' | 'B',
  Array<{ label: string; count: number; range: { min: number | null; max: number | null } }>
> = {
  // 60 89,9 100 150 150 | 250 300 | 400 500 → edges 150 and 300.
  A: [
    { label: 'Até R$\u00a0150', count: 5, range: { min: null, max: 150 } },
    { label: 'R$\u00a0150 a R$\u00a0300', count: 4, range: { min: 150, max: 300 } },
    { label: 'A partir de R$\u00a0300', count: 3, range: { min: 300, max: null } },
  ],
  // 49,9 199,9 349,9 → the first third's 199,9 rounds to 200; the second's 349,9 to 350, above the dearest: dropped.
  B: [
    { label: 'Até R$\u00a0200', count: 2, range: { min: null, max: 200 } },
    { label: 'A partir de R$\u00a0200', count: 1, range: { min: 200, max: null } },
  ],
};

/** Addresses a page may land on, and what they mean, read by hand. */
const ADDRESSES: Record<string, { order: Order; range: Range; rest: string; corrected: string | null }> = {
  '': { order: 'padrao', range: null, rest: '', corrected: null },
  'ordem=maior-preco&preco=100-300': { order: 'maior-preco', range: { min: 100, max: 300 }, rest: '', corrected: null },
  // Unknown order, unreadable price: both ignored, the search's own parameter kept.
  'q=x&ordem=bogus&preco=abc': { order: 'padrao', range: null, rest: 'q=x', corrected: 'q=x' },
  // A range written backwards is malformed: ignored; the order is kept.
  'preco=300-100&ordem=nome': { order: 'nome', range: null, rest: '', corrected: 'ordem=nome' },
  'preco=9000-': { order: 'padrao', range: { min: 9000, max: null }, rest: '', corrected: null },
};

const RANGES: Range[] = [null, { min: null, max: 150 }, { min: 100, max: 300 }, { min: 9000, max: null }];
const ORDERS: Order[] = ['padrao', 'menor-preco', 'maior-preco', 'nome'];

/** The address a reference view is written as. */
function referenceAddress(rest: string, order: Order, range: Range): string {
  const parts = rest ? [rest] : [];
  if (order !== 'padrao') parts.push(`ordem=${order}`);
  if (range) parts.push(`preco=${range.min ?? ''}-${range.max ?? ''}`);
  return parts.join('&');
}

// The router hands back every address the machine writes (runBrowsePath echoes each write at once, as wouter does
// before the next event), so at every step no echo is outstanding: the graph is drawn over the machine with
// `expectEcho` left out, which keeps its states finite. browseEchoes.test.ts checks echoes that are late.
const echoedAtOnce = browseMachine.provide({ actions: { expectEcho: () => {} } });

export const browsePaths = coveringWalks(echoedAtOnce, {
  input: { products: LIST_A },
  maxSteps: 80,
  variants: (type) => {
    switch (type) {
      case 'browse.address.changed':
        return Object.keys(ADDRESSES).map((address) => ({ type, address }));
      case 'browse.products.changed':
        return [LIST_A, LIST_B].map((products) => ({ type, products }));
      case 'browse.order.choose':
        return ORDERS.map((order) => ({ type, order }));
      case 'browse.price.choose':
        return RANGES.map((range) => ({ type, range }));
      default:
        return undefined;
    }
  },
});

const label = (event: EventObject) => {
  const e = event as { address?: string; products?: Product[]; order?: string; range?: Range };
  if (e.address !== undefined) return JSON.stringify(e.address);
  if (e.products) return listName(e.products);
  if (e.order) return e.order;
  if ('range' in e) return e.range ? `${e.range.min ?? ''}-${e.range.max ?? ''}` : 'todos';
  return '';
};
export const browsePathName = (path: { steps: ReadonlyArray<{ event: EventObject }> }) => pathName(path, label);

export interface AddressWrites {
  show(address: string): void;
  correct(address: string): void;
}
/** How the machine's address actions reach the port (production: straight through). */
export type BrowseWiring = (writes: AddressWrites) => AddressWrites;
const productionWiring: BrowseWiring = (writes) => writes;

/**
 * Drives a real actor along the path and, after each step, checks what the shopper sees (the list, the bands,
 * empty or not) and what the address port received, against the reference above.
 */
export function runBrowsePath(
  path: ModelPath<typeof browseMachine>,
  wiring: BrowseWiring = productionWiring,
  recorder?: TransitionRecorder,
) {
  const written: Array<{ replace: boolean; address: string }> = [];
  const port = wiring({
    show: (address) => written.push({ replace: false, address }),
    correct: (address) => written.push({ replace: true, address }),
  });
  const actor = createActor(
    browseMachine.provide({
      actions: {
        showAddress: (_, { address }) => port.show(address),
        correctAddress: (_, { address }) => port.correct(address),
      },
    }),
    { input: { products: LIST_A }, inspect: recorder?.inspect },
  );
  const ref = { products: LIST_A as readonly Product[], order: 'padrao' as Order, range: null as Range, rest: '' };

  for (const step of path.steps) {
    const event = step.event as EventObject & { address?: string; products?: Product[]; order?: Order; range?: Range };
    const before = written.length;
    const expectedWrites: Array<{ replace: boolean; address: string }> = [];
    if (event.type === 'xstate.init') actor.start();
    else {
      if (event.type === 'browse.address.changed') {
        const meaning = ADDRESSES[event.address!]!;
        Object.assign(ref, { order: meaning.order, range: meaning.range, rest: meaning.rest });
        if (meaning.corrected !== null) expectedWrites.push({ replace: true, address: meaning.corrected });
      } else if (event.type === 'browse.products.changed') {
        ref.products = event.products!;
      } else {
        const next = { order: ref.order, range: ref.range };
        if (event.type === 'browse.order.choose') next.order = event.order!;
        if (event.type === 'browse.price.choose') next.range = event.range!;
        if (event.type === 'browse.clear') Object.assign(next, { order: 'padrao', range: null });
        const changed = next.order !== ref.order || JSON.stringify(next.range) !== JSON.stringify(ref.range);
        Object.assign(ref, next);
        if (changed) expectedWrites.push({ replace: false, address: referenceAddress(ref.rest, ref.order, ref.range) });
      }
      actor.send(event as never);
      // The router hands each written address back (wouter re-renders with it): an echo, not news.
      for (const { address } of written.slice(before)) actor.send({ type: 'browse.address.changed', address });
    }

    const snapshot = actor.getSnapshot();
    const where = `after ${browsePathName({ steps: [step] })}`;
    expect(snapshot.value, where).toEqual(step.state.value);
    const expected = referenceSort(referenceFilter(ref.products, ref.range), ref.order);
    expect(
      snapshot.context.visible.map((product) => product.id),
      where,
    ).toEqual(expected.map((product) => product.id));
    const bands = EXPECTED_BANDS[listName(ref.products) as 'A' | 'B'];
    expect(snapshot.context.bands, where).toEqual(bands);
    // Each band's count is the number of products the reference filter keeps for its range.
    for (const band of snapshot.context.bands)
      expect(band.count, where).toBe(referenceFilter(ref.products, band.range).length);
    expect(snapshot.hasTag('empty'), where).toBe(ref.range !== null && expected.length === 0);
    expect(written.slice(before), where).toEqual(expectedWrites);
  }
  actor.stop();
}
