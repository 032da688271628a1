// The catalog machine over the controllable catalog fake and a simulated clock, shared by the unit tests and the
// mutation-run tests.
import { vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Category } from '../../../src/domain';
import { catalogMachine, createCatalogActors } from '../../../src/machines/catalogMachine';
import { fakeCatalog } from '../../support/fakes/fakePorts';

/** A started catalog actor; `input` starts it from a prerendered snapshot; `clock` moves its deadlines. */
export function startCatalog(input?: { categories: Category[]; category?: Category | null }) {
  const catalog = fakeCatalog();
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    catalogMachine.provide({
      actors: createCatalogActors({ catalog: catalog.port }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { input, clock },
  ).start();
  return { actor, catalog, logError, clock, snap: () => actor.getSnapshot() };
}
