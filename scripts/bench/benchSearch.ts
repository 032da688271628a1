// `npx tsx scripts/bench/benchSearch.ts`: the compute part of keystroke → results, in Node: building the
// minisearch index and answering a query, for the seed catalog and the seed plus the bench's 2,000-product
// category (scripts/bench/largeCatalog.ts). Not the painted latency (that needs Chromium): the debounce
// (SEARCH_DEBOUNCE_MS) and React's render of the cards come on top.
import { performance } from 'node:perf_hooks';
import { catalog } from '../../seed/seedCatalog';
import type { Category } from '../../src/domain';
import { buildSearchIndex } from '../../src/domain/searchIndex';
import { SEARCH_DEBOUNCE_MS } from '../../src/machines/searchMachine';
import { median } from './benchBrowser';
import { largeCategory } from './largeCatalog';

const QUERIES = ['t', 'te', 'ten', 'teni', 'tenis', 'calca', 'jaquta', 'xyzxyz', 'camisa azul', 'a'];

function measure(name: string, categories: readonly Category[]) {
  const builds: number[] = [];
  let index = buildSearchIndex(categories);
  for (let run = 0; run < 15; run++) {
    const started = performance.now();
    index = buildSearchIndex(categories);
    builds.push(performance.now() - started);
  }
  const perQuery = QUERIES.map((query) => {
    const times: number[] = [];
    let hits = 0;
    for (let run = 0; run < 50; run++) {
      const started = performance.now();
      hits = index.search(query).length;
      times.push(performance.now() - started);
    }
    return { query, hits, medianMs: median(times) };
  });
  const all = perQuery.map((q) => q.medianMs);
  console.log(
    `${name}: ${index.size} products; index build median ${median(builds).toFixed(2)} ms; query median ${median(all).toFixed(3)} ms, worst query ${Math.max(...all).toFixed(3)} ms`,
  );
  for (const q of perQuery)
    console.log(
      `  ${JSON.stringify(q.query).padEnd(14)} ${String(q.hits).padStart(5)} hits  ${q.medianMs.toFixed(3)} ms`,
    );
}

console.log(`debounce: ${SEARCH_DEBOUNCE_MS} ms (comes on top of the figures below)`);
measure('seed catalog', catalog);
measure('seed + 2,000 faker products', [...catalog, largeCategory()]);
