import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Product } from '../../src/domain';
import { searchMachine, type SearchCatalogInput } from '../../src/machines/searchMachine';
import { countFailures, transitionRecorder, walkName } from './model/graph';
import { runSearchPath, searchPathName, searchPaths, type SearchWiring } from './model/searchModel';

describe(`search: ${searchPaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(searchMachine);

  it.each(searchPaths.map((path, index) => [walkName(path, index, searchPaths.length, searchPathName({ ...path, steps: path.steps.slice(0, 3) })), path] as const))('%s', async (_name, path) => {
    await runSearchPath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of searchMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same paths must catch broken wiring.
describe('teeth: the search paths catch broken wiring', () => {
  const report = (name: string, failed: number) => console.info(`teeth: ${name}: ${failed}/${searchPaths.length} paths failed (as they should)`);

  it('an index built once and never rebuilt for a fresher catalog', async () => {
    const stale: SearchWiring = (loader) => {
      let index: ReturnType<typeof import('../../src/domain/searchIndex').buildSearchIndex> | null = null;
      return {
        searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
          const { buildSearchIndex } = await loader.fn();
          index ??= buildSearchIndex(input.categories);
          return index.search(input.term);
        }),
      };
    };
    const failures = await countFailures(searchPaths, (path) => runSearchPath(path, stale));
    report('index never rebuilt', failures.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('a search that ignores accents (no NFD): "tenis" no longer finds Tênis', async () => {
    const accentBlind: SearchWiring = (loader) => ({
      searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
        await loader.fn();
        const words = input.term.toLowerCase().split(/\s+/);
        return input.categories
          .flatMap((c) => c.products)
          .filter((p) => words.every((w) => p.name.toLowerCase().split(/\s+/).some((n) => n.startsWith(w))));
      }),
    });
    const failures = await countFailures(searchPaths, (path) => runSearchPath(path, accentBlind));
    report('accent-blind search', failures.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('a search that swallows a failed chunk as "nothing found"', async () => {
    const swallowing: SearchWiring = (loader) => ({
      searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
        try {
          const { buildSearchIndex } = await loader.fn();
          return buildSearchIndex(input.categories).search(input.term);
        } catch {
          return [];
        }
      }),
    });
    const failures = await countFailures(searchPaths, (path) => runSearchPath(path, swallowing));
    report('chunk failure swallowed', failures.length);
    expect(failures.length).toBeGreaterThan(0);
  });
});
