import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Product } from '../../src/domain';
import type { NavigationPort } from '../../src/adapters/navigation/navigationPort';
import {
  createSearchNavigation,
  searchMachine,
  type SearchCatalogInput,
  type SearchRemoteInput,
} from '../../src/machines/searchMachine';
import { firstFailingPath, reportTooth, transitionRecorder, walkName } from './model/modelGraph';
import {
  productionSearchWiring,
  runSearchPath,
  searchPathName,
  searchPaths,
  type AddressWiring,
  type SearchWiring,
} from './model/searchModel';

describe(`search: ${searchPaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(searchMachine);

  it.each(
    searchPaths.map(
      (path, index) =>
        [
          walkName(path, index, searchPaths.length, searchPathName({ ...path, steps: path.steps.slice(0, 3) })),
          path,
        ] as const,
    ),
  )('%s', async (_name, path) => {
    await runSearchPath(path, undefined, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of searchMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same paths must catch broken wiring.
describe('teeth: the search paths catch broken wiring', () => {
  const report = (name: string, caughtBy: number) => reportTooth(name, caughtBy, searchPaths.length);

  it('an index built once and never rebuilt for a fresher catalog', async () => {
    const stale: SearchWiring = (loader, backend) => {
      let index: ReturnType<typeof import('../../src/domain/searchIndex').buildSearchIndex> | null = null;
      return {
        ...productionSearchWiring(loader, backend),
        searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
          const { buildSearchIndex } = await loader.fn();
          index ??= buildSearchIndex(input.categories);
          return index.search(input.term);
        }),
      };
    };
    const caughtBy = await firstFailingPath(searchPaths, (path) => runSearchPath(path, stale));
    report('index never rebuilt', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a search that ignores accents (no NFD): "tenis" no longer finds Tênis', async () => {
    const accentBlind: SearchWiring = (loader, backend) => ({
      ...productionSearchWiring(loader, backend),
      searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
        await loader.fn();
        const words = input.term.toLowerCase().split(/\s+/);
        return input.categories
          .flatMap((c) => c.products)
          .filter((p) =>
            words.every((w) =>
              p.name
                .toLowerCase()
                .split(/\s+/)
                .some((n) => n.startsWith(w)),
            ),
          );
      }),
    });
    const caughtBy = await firstFailingPath(searchPaths, (path) => runSearchPath(path, accentBlind));
    report('accent-blind search', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a search that swallows a failed chunk as "nothing found"', async () => {
    const swallowing: SearchWiring = (loader, backend) => ({
      ...productionSearchWiring(loader, backend),
      searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
        try {
          const { buildSearchIndex } = await loader.fn();
          return buildSearchIndex(input.categories).search(input.term);
        } catch {
          return [];
        }
      }),
    });
    const caughtBy = await firstFailingPath(searchPaths, (path) => runSearchPath(path, swallowing));
    report('chunk failure swallowed', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a request that ignores the abort signal (stale requests keep running)', async () => {
    const deaf: SearchWiring = (loader, backend) => ({
      ...productionSearchWiring(loader, backend),
      searchRemote: fromPromise<Product[], SearchRemoteInput>(({ input }) =>
        backend.search(input.term, { signal: new AbortController().signal }),
      ),
    });
    const caughtBy = await firstFailingPath(searchPaths, (path) => runSearchPath(path, deaf));
    report('stale requests not cancelled', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('a search that never asks the backend (the large catalog searched as if whole)', async () => {
    const localOnly: SearchWiring = (loader, backend) => ({
      ...productionSearchWiring(loader, backend),
      searchRemote: fromPromise<Product[], SearchRemoteInput>(async ({ input }) => {
        throw new Error(`not asked for ${input.term}`);
      }),
    });
    const caughtBy = await firstFailingPath(searchPaths, (path) => runSearchPath(path, localOnly));
    report('backend never asked', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });
});

// Teeth: the same walks, with the address port wired wrongly, must see the history differ.
describe('teeth: the search paths catch a broken address policy', () => {
  const caughtWith = async (name: string, addressing: AddressWiring) => {
    const caughtBy = await firstFailingPath(searchPaths, (path) =>
      runSearchPath(path, productionSearchWiring, addressing),
    );
    reportTooth(name, caughtBy, searchPaths.length);
    return caughtBy;
  };
  const rewired = (navigation: NavigationPort, change: Partial<NavigationPort>) =>
    createSearchNavigation({ ...navigation, ...change });

  it('every move pushes (typing floods the history)', async () => {
    expect(
      await caughtWith('always push', (navigation) => rewired(navigation, { replace: (to) => navigation.push(to) })),
    ).toBeGreaterThan(0);
  });

  it('every move replaces (Back no longer returns from the results)', async () => {
    expect(
      await caughtWith('always replace', (navigation) => rewired(navigation, { push: (to) => navigation.replace(to) })),
    ).toBeGreaterThan(0);
  });

  it('the results page is never recognised', async () => {
    expect(
      await caughtWith('never on the results page', (navigation) => {
        const wired = createSearchNavigation(navigation);
        return { ...wired, guards: { ...wired.guards, isOnResultsPage: () => false } };
      }),
    ).toBeGreaterThan(0);
  });
});
