import { describe, expect, it } from 'vitest';
import { renderTable, storefrontSection, type Results } from '../../scripts/bench/storefrontReport';

// The bench's table from figures written here: each row's text, and whether it says the target was met.
const lighthouseRun = (formFactor: 'mobile' | 'desktop', performance: number, fcp: number, lcp: number) => ({
  page: '/',
  formFactor,
  runs: 3,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp,
  lcp,
  tbt: 40,
  cls: 0,
  failing: [],
});

const empty: Results = {
  date: '2026-01-01T00:00:00.000Z',
  machine: { cpus: 'Test CPU', cores: 2, memoryGb: 8, node: 'v20.19.0', chromium: 'chromium 140.0', loadBefore: 0.25 },
  commands: ['npm run bench', 'npm run bench:server'],
  build: { entryJs: [{ file: 'main.js', gzip: 102_400 }], entryJsGzip: 102_400, lazyJs: [] },
  routes: [],
  lazyChunks: [],
  lighthouse: [],
  floor: [],
  grid: null,
  search: [],
  addToCart: [],
  delivery: null,
  browse: [],
  backend: null,
};

describe('bench: the storefront table', () => {
  it('with no section measured: the header, then the build entry (100 KB of 126) and `/` unmeasured', () => {
    expect(renderTable(empty)).toBe(
      [
        '| Measure | Measured | Target |  |',
        '|---|---|---|---|',
        '| `/` JS before first paint (network, gz -9; the prerendered HTML needs none) | n/a | ≤ 126 KB | **missed** |',
        '| `/` JS entry closure (build output, gz -9) | 100.0 KB | ≤ 126 KB | met |',
      ].join('\n'),
    );
  });

  it('Lighthouse: a mobile score of 98 misses 99; an LCP 1.2 × its static floor misses 1.10', () => {
    const rows = renderTable({
      ...empty,
      lighthouse: [lighthouseRun('mobile', 98, 1_000, 1_200)],
      floor: [lighthouseRun('mobile', 100, 1_000, 1_000)],
    }).split('\n');
    expect(rows).toContain(
      '| Lighthouse mobile `/` (median of 3): perf / a11y / best practices / SEO | 98 / 100 / 100 / 100 | ≥ 99 / 100 / 100 / 100 | **missed** |',
    );
    expect(rows).toContain(
      '| Lighthouse mobile `/` (median of 3): FCP / LCP / TBT / CLS | 1.00 s / 1.20 s / 40 ms / 0.000 | – / – / ≤ 50 ms / 0 | met |',
    );
    expect(rows).toContain(
      '| Lighthouse mobile `/` (median of 3): static floor FCP / LCP → ours/floor | 1.00 s / 1.00 s → 1.00 / 1.20 | ≤ 1.10 / ≤ 1.10 | **missed** |',
    );
  });

  it('a lazy chunk outside the entry is held to 25 KB, the Firestore SDK chunk to 35 KB; entry files are not listed', () => {
    const rows = renderTable({
      ...empty,
      lazyChunks: [
        { path: '/main.js', gzip: 102_400, route: '/' },
        { path: '/login.js', gzip: 30_720, route: '/login' },
        { path: '/index.esm.js', gzip: 30_720, route: '/checkout' },
      ],
    }).split('\n');
    expect(rows.filter((row) => row.startsWith('| lazy chunk'))).toEqual([
      '| lazy chunk `login.js` (first on `/login`) | 30.0 KB | ≤ 25 KB | **missed** |',
      '| lazy chunk `index.esm.js` (first on `/checkout`) | 30.0 KB | ≤ 35 KB | met |',
    ]);
  });

  it('CEP → options beside its reference, and the backend verdict as measured', () => {
    const rows = renderTable({
      ...empty,
      delivery: {
        route: '/product/p1',
        cepToOptions: { samples: 6, medianMs: 90, maxMs: 120 },
        reference: { samples: 6, medianMs: 30, maxMs: 45 },
      },
      backend: {
        reqPerSec: 4_500,
        p50: 4,
        p99: 61,
        requests: 45_000,
        failures: 0,
        load: 1,
        cpuPerRequestUs: 200,
        verdict: 'NOT met',
      },
    }).split('\n');
    expect(rows.slice(-4)).toEqual([
      '| CEP typed → delivery options painted, `/product/p1` (median / max of 6) | 90 ms / 120 ms |  |  |',
      '|   reference: add-to-cart → header count, same page and run (median / max of 6) | 30 ms / 45 ms |  |  |',
      '|   CEP → options / reference (medians) | 3.00 × |  |  |',
      '| backend POST /create-checkout-session req/s / p50 / p99 | 4,500 / 4 ms / 61 ms | ≥ 5,000 / – / < 50 ms | **missed** |',
    ]);
  });

  it('the docs section names the machine and the commands, then the table', () => {
    const section = storefrontSection(empty, '| table |');
    expect(section).toMatch(/^## Storefront\n\nMeasured on 2 × Test CPU, 8 GB, Node v20\.19\.0,\nChromium 140\.0 /);
    expect(section).toContain('1-minute load average 0.25 at the start.');
    expect(section).toContain('Commands: `npm run bench`, `npm run bench:server`. Raw figures: docs/performance.json.');
    expect(section.endsWith('\n\n| table |')).toBe(true);
  });
});
