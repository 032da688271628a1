import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { quoteDelivery, type DeliveryQuote } from '../../src/domain/delivery';
import { createDeliveryActors, deliveryMachine, type QuoteRequest } from '../../src/machines/deliveryMachine';
import { firstFailingPath, reportTooth, transitionRecorder, walkName } from './model/modelGraph';
import { deliveryPathName, deliveryWalks, runDeliveryWalk, type DeliveryWiring } from './model/deliveryModel';

describe(`delivery: ${deliveryWalks.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(deliveryMachine);

  it.each(
    deliveryWalks.map(
      ({ start, input, walk }, index) =>
        [
          `${walkName(walk, index, deliveryWalks.length, start)}: ${deliveryPathName({ ...walk, steps: walk.steps.slice(0, 4) })}`,
          { input, walk },
        ] as const,
    ),
  )('%s', async (_name, run) => {
    await runDeliveryWalk(run, undefined, coverage);
  });

  // Runs after the walks above (tests in a file run in order).
  it('the walks took every declared transition of deliveryMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same walks must catch broken wiring.
describe('teeth: the delivery walks catch broken wiring', () => {
  const report = (name: string, caughtBy: number) => reportTooth(name, caughtBy, deliveryWalks.length, 'walk');

  it('a CEP that is never saved', async () => {
    const forgetful: DeliveryWiring = (deps) => {
      const production = createDeliveryActors(deps);
      return { ...production, actions: { ...production.actions, rememberCep: () => {} } };
    };
    const caughtBy = await firstFailingPath(deliveryWalks, (run) => runDeliveryWalk(run, forgetful));
    report('CEP never saved', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a quote that forgets free Econômica from R$ 299,00', async () => {
    const neverFree: DeliveryWiring = (deps) => ({
      ...createDeliveryActors(deps),
      actors: {
        quote: fromPromise<DeliveryQuote, QuoteRequest>(async ({ input }) => {
          const result = quoteDelivery({ ...input, now: deps.now!(), freeEconomicaFrom: Number.POSITIVE_INFINITY });
          if (!result.ok) throw new Error(result.error);
          return result.quote;
        }),
      },
    });
    const caughtBy = await firstFailingPath(deliveryWalks, (run) => runDeliveryWalk(run, neverFree));
    report('never free', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a quote cached by CEP alone (a changed parcel keeps the old price)', async () => {
    const cachedByCep: DeliveryWiring = (deps) => {
      const cache = new Map<string, DeliveryQuote>();
      return {
        ...createDeliveryActors(deps),
        actors: {
          quote: fromPromise<DeliveryQuote, QuoteRequest>(async ({ input }) => {
            const known = cache.get(input.cep);
            if (known) return known;
            const result = quoteDelivery({ ...input, now: deps.now!() });
            if (!result.ok) throw new Error(result.error);
            cache.set(input.cep, result.quote);
            return result.quote;
          }),
        },
      };
    };
    const caughtBy = await firstFailingPath(deliveryWalks, (run) => runDeliveryWalk(run, cachedByCep));
    report('quote cached by CEP', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });
});
