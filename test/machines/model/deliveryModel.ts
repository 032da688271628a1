import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import { memoryDeliveryCep } from '../../../src/adapters/deliveryCep/memoryDeliveryCep';
import * as deliveryModule from '../../../src/domain/delivery';
import type { DeliveryQuote, DeliveryServiceId, ParcelLine } from '../../../src/domain/delivery';
import {
  createDeliveryActors,
  deliveryMachine,
  QUOTE_TIMEOUT_MS,
  selectedDelivery,
  type DeliveryInput,
} from '../../../src/machines/deliveryMachine';
import { tick } from '../../support/fakes/controllable';
import { coveringWalks, pathName, type ModelPath, type TransitionRecorder } from './modelGraph';

// Tuesday 1 December 2026, noon in Brasília: no national holiday before the 25th.
const NOW = Date.parse('2026-12-01T15:00:00Z');
// A clock beyond the holiday table's years: the production quote throws, as any unexpected failure would.
const BEYOND_HOLIDAY_TABLE = Date.parse('2400-01-04T15:00:00Z');

/** A leather jacket: R$ 500,00, so Econômica is free (from R$ 299,00). */
const JACKET: ParcelLine[] = [{ categoryId: 'jackets', quantity: 1, unitAmount: 50_000 }];
/** Two caps and a product of a category the table does not list (default weight): R$ 209,70, paid delivery. */
const CAPS: ParcelLine[] = [
  { categoryId: 'hats', quantity: 2, unitAmount: 5_990 },
  { categoryId: null, quantity: 1, unitAmount: 8_990 },
];
const parcelName = (lines: readonly ParcelLine[]) =>
  lines === JACKET ? 'jacket' : lines === CAPS ? 'caps' : lines.length ? '?' : 'empty';

/**
 * The reference, written out by hand from the Correios ranges and the rate card (not from src/domain/delivery.ts):
 * what each typed text means, and what each CEP and parcel cost and when they arrive, quoted on NOW.
 */
const TYPED: Record<string, { cep: string; uf: string } | { error: string }> = {
  '01310-100': { cep: '01310100', uf: 'SP' }, // Av. Paulista, São Paulo
  '69900-000': { cep: '69900000', uf: 'AC' }, // Rio Branco, Acre (zone N)
  abc: { error: 'CEP inválido. Use 8 números, como 01310-100.' },
};
type Expected = { weightGrams: number; subtotal: number; options: Array<[DeliveryServiceId, number, string, string]> };
// Weights: jacket 1,200 g + 200 g box = 1,400 g; caps 2 × 250 g + 600 g (unknown category) + 200 g = 1,300 g. Both
// are one 500 g step over the first kilo. SP: Econômica R$ 15,90 + 2,50, Expressa R$ 24,90 + 4,00; N: R$ 34,90 +
// 6,50 and R$ 52,90 + 9,50. Windows: one handling day plus 2–4 (SP) / 8–12 (N) Econômica and 1–2 / 4–7 Expressa
// business days after Tue 1 Dec.
const QUOTES: Record<string, Record<'jacket' | 'caps', Expected>> = {
  '01310100': {
    jacket: {
      weightGrams: 1400,
      subtotal: 50_000,
      options: [
        ['economica', 0, '2026-12-04', '2026-12-08'],
        ['expressa', 2890, '2026-12-03', '2026-12-04'],
      ],
    },
    caps: {
      weightGrams: 1300,
      subtotal: 20_970,
      options: [
        ['economica', 1840, '2026-12-04', '2026-12-08'],
        ['expressa', 2890, '2026-12-03', '2026-12-04'],
      ],
    },
  },
  '69900000': {
    jacket: {
      weightGrams: 1400,
      subtotal: 50_000,
      options: [
        ['economica', 0, '2026-12-14', '2026-12-18'],
        ['expressa', 6240, '2026-12-08', '2026-12-11'],
      ],
    },
    caps: {
      weightGrams: 1300,
      subtotal: 20_970,
      options: [
        ['economica', 4140, '2026-12-14', '2026-12-18'],
        ['expressa', 6240, '2026-12-08', '2026-12-11'],
      ],
    },
  },
};
const ZONE_OF: Record<string, string> = { '01310100': 'SP', '69900000': 'N' };
const UF_OF: Record<string, string> = { '01310100': 'SP', '69900000': 'AC' };

/** The quote the reference expects, as the domain would shape it (for the model's done events). */
function expectedQuote(cep: string, lines: readonly ParcelLine[]): DeliveryQuote {
  const row = QUOTES[cep]?.[parcelName(lines) as 'jacket' | 'caps'];
  if (!row) throw new Error(`no reference for CEP ${cep} and parcel ${parcelName(lines)}`);
  return {
    cep,
    uf: UF_OF[cep] as DeliveryQuote['uf'],
    zone: ZONE_OF[cep] as DeliveryQuote['zone'],
    weightGrams: row.weightGrams,
    subtotal: row.subtotal,
    quotedOn: '2026-12-01',
    options: row.options.map(([service, amount, from, to]) => ({
      service,
      name: service === 'economica' ? 'Econômica' : 'Expressa',
      amount,
      free: amount === 0,
      businessDays:
        service === 'economica'
          ? cep === '01310100'
            ? { min: 2, max: 4 }
            : { min: 8, max: 12 }
          : cep === '01310100'
            ? { min: 1, max: 2 }
            : { min: 4, max: 7 },
      window: { from, to },
    })),
  };
}

const DONE = 'xstate.done.actor.quote';
const ERROR = 'xstate.error.actor.quote';
const TIMEOUT = 'xstate.after.quoteTimeout.delivery.quoting';
const FAILED_MESSAGE = 'Não foi possível calcular o frete agora. Tente novamente.';

const variants = (
  type: string,
  snapshot: { context: { cep: string | null; lines: ParcelLine[] } },
): EventObject[] | undefined => {
  switch (type) {
    case 'delivery.cep.submit':
      return Object.keys(TYPED).map((cep) => ({ type, cep }));
    case 'delivery.lines.changed':
      return [JACKET, CAPS, []].map((lines) => ({ type, lines }));
    case 'delivery.service.select':
      return (['economica', 'expressa'] as const).map((service) => ({ type, service }));
    case 'delivery.retry':
      return [{ type }];
    case DONE:
      return [{ type, output: expectedQuote(snapshot.context.cep!, snapshot.context.lines) } as EventObject];
    case ERROR:
      return [{ type, error: new RangeError('outside the supported years') } as EventObject];
    case TIMEOUT:
      return [{ type }];
    default:
      return undefined;
  }
};

/** Two starts: a first visit (nothing stored, empty cart) and a return with a stored CEP and a jacket to ship. */
export const deliveryStarts: Array<{ name: string; input: DeliveryInput }> = [
  { name: 'a first visit', input: {} },
  { name: 'a stored CEP and a jacket', input: { cep: '01310100', lines: JACKET } },
];

export const deliveryWalks = deliveryStarts.flatMap(({ name, input }) =>
  coveringWalks(deliveryMachine, { input, maxSteps: 80, variants: variants as never }).map((walk) => ({
    start: name,
    input,
    walk,
  })),
);

export const deliveryPathName = (path: ModelPath<typeof deliveryMachine>) =>
  pathName(path, (event) => {
    const e = event as EventObject & { cep?: string; lines?: ParcelLine[]; service?: string };
    if (e.cep !== undefined) return JSON.stringify(e.cep);
    if (e.lines) return parcelName(e.lines);
    return e.service ?? '';
  });

type Phase = 'idle' | 'invalid' | 'quoting' | 'quoted' | 'failed';

/**
 * Drives a real delivery actor (production quote and storage, the clock fixed) along one walk and checks after
 * every step what the shopper sees and what is saved, against the reference above: the phase, the typed text,
 * the message, the options (prices and dates), the choice sent to checkout, the saved CEP and the logged errors.
 */
export type DeliveryWiring = typeof createDeliveryActors;

export async function runDeliveryWalk(
  { input, walk }: { input: DeliveryInput; walk: ModelPath<typeof deliveryMachine> },
  wiring: DeliveryWiring = createDeliveryActors,
  recorder?: TransitionRecorder,
) {
  const storage = memoryDeliveryCep();
  const logError = vi.fn();
  let failNextQuote = false;
  // The quoting module already loaded (its lazy loading is a unit test), so each quote answers within one tick.
  const { actors, actions } = wiring({
    storage,
    now: () => (failNextQuote ? BEYOND_HOLIDAY_TABLE : NOW),
    log: logError,
    loadDeliveryModule: async () => deliveryModule,
  });
  const clock = new SimulatedClock();
  const actor = createActor(deliveryMachine.provide({ actors, actions }), { input, clock, inspect: recorder?.inspect });

  const ref = {
    phase: 'idle' as Phase,
    typed: input.cep ? '01310-100' : '',
    cep: input.cep ?? null,
    lines: input.lines ?? [],
    service: 'economica' as DeliveryServiceId,
    error: null as string | null,
    saved: null as string | null,
    errors: 0,
  };
  const quoteIfPossible = () => {
    if (ref.cep !== null && ref.lines.length > 0) ref.phase = 'quoting';
    else ref.phase = 'idle';
    ref.error = null;
  };
  if (ref.cep !== null && ref.lines.length > 0) ref.phase = 'quoting';

  try {
    for (const [index, { event, state: expected }] of walk.steps.entries()) {
      const e = event as EventObject & { cep?: string; lines?: ParcelLine[]; service?: DeliveryServiceId };
      const at = `step ${index} (${e.type})`;
      // A quote starts when quoting is entered and answers a moment later, so whether it fails is decided when it
      // starts: by the walk's next answer (a choice of service may come in between; a restart decides again).
      const nextAnswer = walk.steps
        .slice(index + 1)
        .find((step) => step.event.type === DONE || step.event.type === ERROR);
      failNextQuote = nextAnswer?.event.type === ERROR;
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          break;
        case 'delivery.cep.submit': {
          actor.send(event as never);
          ref.typed = e.cep!;
          const meaning = TYPED[e.cep!]!;
          if ('error' in meaning) {
            ref.phase = 'invalid';
            ref.error = meaning.error;
          } else {
            ref.cep = meaning.cep;
            ref.saved = meaning.cep;
            quoteIfPossible();
          }
          break;
        }
        case 'delivery.lines.changed':
          actor.send(event as never);
          ref.lines = e.lines!;
          if (ref.phase === 'invalid') break;
          if (ref.lines.length === 0) {
            ref.phase = 'idle';
            ref.error = null;
          } else if (ref.cep !== null) quoteIfPossible();
          break;
        case 'delivery.service.select':
          actor.send(event as never);
          ref.service = e.service!;
          break;
        case 'delivery.retry':
          actor.send(event as never);
          ref.phase = 'quoting';
          ref.error = null;
          break;
        case DONE:
          await tick();
          ref.phase = 'quoted';
          break;
        case ERROR:
          await tick();
          ref.phase = 'failed';
          ref.error = FAILED_MESSAGE;
          ref.errors += 1;
          break;
        case TIMEOUT:
          // The quote has not answered (the runner lets no tick pass): 1 ms early it is still being waited for.
          clock.increment(QUOTE_TIMEOUT_MS - 1);
          expect(actor.getSnapshot().value, `${at}: 1 ms before the deadline`).toBe('quoting');
          clock.increment(1);
          ref.phase = 'failed';
          ref.error = FAILED_MESSAGE;
          ref.errors += 1;
          break;
        default:
          throw new Error(`no driver for ${e.type}`);
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.value, `${at}: the reference phase`).toBe(ref.phase);
      expect(snapshot.context.cepInput, `${at}: the field`).toBe(ref.typed);
      expect(snapshot.context.error, `${at}: the message`).toBe(ref.error);
      expect(snapshot.hasTag('busy'), `${at}: busy`).toBe(ref.phase === 'quoting');
      if (ref.phase === 'quoted') {
        const row = QUOTES[ref.cep!]![parcelName(ref.lines) as 'jacket' | 'caps'];
        const quote = snapshot.context.quote!;
        expect(quote.cep, `${at}: quoted CEP`).toBe(ref.cep);
        expect(quote.uf, `${at}: state`).toBe(UF_OF[ref.cep!]);
        expect([quote.weightGrams, quote.subtotal], `${at}: weight and subtotal`).toEqual([
          row.weightGrams,
          row.subtotal,
        ]);
        expect(
          quote.options.map((o) => [o.service, o.amount, o.window.from, o.window.to]),
          `${at}: options`,
        ).toEqual(row.options);
        expect(selectedDelivery(snapshot), `${at}: what checkout sends`).toEqual({
          cep: ref.cep,
          service: ref.service,
        });
      } else {
        expect(selectedDelivery(snapshot), `${at}: nothing for checkout`).toBeNull();
        if (ref.phase !== 'quoting') expect(snapshot.context.quote, `${at}: no options`).toBeNull();
      }
      expect(storage.raw(), `${at}: the saved CEP`).toBe(ref.saved);
      expect(logError, `${at}: errors logged`).toHaveBeenCalledTimes(ref.errors);
    }
  } finally {
    actor.stop();
  }
}
