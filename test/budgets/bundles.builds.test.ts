// @vitest-environment node
// Performance budgets on the production build. Deterministic: sizes are gzip -9 of the bytes Parcel
// writes, for the run's cold local build (test/support/builds.globalSetup.ts: `npm start`'s settings; the env
// only changes URLs).
//   - JS that `/` needs before its first render (index.html's scripts + their static imports) ≤ 126 KB gz
//     (the prerendered page embeds its catalog, so the Firestore client loads after the first render, and the
//     Firebase app both Auth and Firestore run on loads with the first of them: src/adapters/firebaseApp.ts).
//     The frete estimate and the sort/filter controls are lazy chunks; only their slots and loaders are in the
//     entry. What every first page needs when something fails is in it too: the deadlines, the profile banner,
//     the route error boundary with its retry, the cart's unsaved state and warning (docs/faults.md), the offline
//     and new-version banners (their machine and worker are a chunk loaded after `load`: docs/offline.md) and the
//     catalog machine's one-product read (a product no category preview holds) and its page-by-page reads of a
//     category past its preview (its status and retry are a chunk). So is the live stock (its machine, the badges,
//     the cart's caps): a page rendered on request hydrates with its badges. The entry measures about 119.3 KB;
//   - every lazy chunk (routes split off with React.lazy, the Google chooser, deferred SDK parts) ≤ 25 KB gz,
//     but for the Firestore lite SDK (≤ 35 KB gz), which used to be part of the entry;
//   - CSS ≤ 10 KB gz (files and inline <style>; stitches' runtime CSS is measured by `npm run bench`);
//   - no <img> without width and height, in the sources or in the build.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBuild, imagesWithoutSize, kb, totalGzip, type BuildReport } from '../../scripts/bench/bundles';
import { ROOT } from '../../scripts/lib/stack';
import { useBuilds } from '../support/builds';

const BUDGETS = {
  entryJsGzip: 126 * 1024,
  lazyChunkGzip: 25 * 1024,
  firestoreChunkGzip: 35 * 1024,
  cssGzip: 10 * 1024,
} as const;

/** Text only the statechart inspector carries: a local-mode developer tool, never in production (inspector.test.ts). */
const INSPECTOR_MARKER = 'Inspetor de estados';

/** A string only the Firestore SDK's code carries (its production endpoint). */
const FIRESTORE_MARKER = 'firestore.googleapis.com';

let report: BuildReport;
let distDir = '';
useBuilds((builds) => {
  distDir = builds.local;
  report = analyzeBuild(distDir);
});

describe('budgets on the production build', () => {
  it('/ needs at most 126 KB gz of JS before its first render, without the Firestore SDK', () => {
    const entryText = report.entryJs.map((f) => readFileSync(join(distDir, f.file), 'utf8')).join('\n');
    expect(entryText.includes(FIRESTORE_MARKER), 'the Firestore SDK must be a lazy chunk').toBe(false);
    const total = totalGzip(report.entryJs);
    const detail = report.entryJs.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');
    expect(report.entryJs.length, 'index.html must load at least one script').toBeGreaterThan(0);
    expect(total, `entry JS ${kb(total)}: ${detail}`).toBeLessThanOrEqual(BUDGETS.entryJsGzip);
  });

  it('splits the routes that / does not show into lazy chunks of at most 25 KB gz each', () => {
    const lazy = report.lazyJs.map((f) => f.file);
    for (const page of ['LoginPage', 'SignUpPage', 'CheckoutPage', 'ConfirmationPage']) {
      expect(
        lazy.some((file) => file.startsWith(`${page}.`)),
        `${page} should be a lazy chunk: ${lazy.join(', ')}`,
      ).toBe(true);
    }
    const isFirestore = (file: string) => readFileSync(join(distDir, file), 'utf8').includes(FIRESTORE_MARKER);
    const firestoreChunks = report.lazyJs.filter((f) => isFirestore(f.file));
    expect(
      firestoreChunks.map((f) => f.file),
      'the Firestore SDK is one lazy chunk',
    ).toHaveLength(1);
    expect(firestoreChunks[0]!.gzip, `Firestore chunk ${kb(firestoreChunks[0]!.gzip)}`).toBeLessThanOrEqual(
      BUDGETS.firestoreChunkGzip,
    );
    // The inspector's chunks (elkjs is ~450 KB gz) load only on a developer's request in local mode, and
    // production builds do not contain them (test/budgets/inspector.test.ts).
    const isInspector = (file: string) => readFileSync(join(distDir, file), 'utf8').includes(INSPECTOR_MARKER);
    const over = report.lazyJs
      .filter((f) => !isFirestore(f.file) && !isInspector(f.file) && f.gzip > BUDGETS.lazyChunkGzip)
      .map((f) => `${f.file} ${kb(f.gzip)}`);
    expect(over, 'lazy chunks over 25 KB gz').toEqual([]);
  });

  it('keeps the search code out of /: the search UI and machine are one lazy chunk, minisearch and the index another', () => {
    // A string minisearch carries in its own code (an error message), which minification keeps.
    const MINISEARCH = 'MiniSearch: option "fields" must be provided';
    const holding = (files: readonly { file: string }[]) =>
      files.filter(({ file }) => readFileSync(join(distDir, file), 'utf8').includes(MINISEARCH)).map((f) => f.file);
    expect(holding(report.entryJs), 'minisearch in the entry JS').toEqual([]);
    expect(holding(report.lazyJs), 'exactly one lazy chunk holds minisearch').toHaveLength(1);
    const lazy = report.lazyJs.map((f) => f.file);
    expect(
      lazy.some((file) => file.startsWith('searchChunk.')),
      `searchChunk should be a lazy chunk: ${lazy.join(', ')}`,
    ).toBe(true);
    expect(holding(report.lazyJs)[0], 'minisearch loads on the first search, not with the field').not.toMatch(
      /^searchChunk\./,
    );
  });

  it('keeps sorting and price filters out of /: the controls, their machine and rules are a lazy chunk', () => {
    const EMPTY_RANGE = 'Nenhum produto nessa faixa de preço.';
    const holding = (files: readonly { file: string }[]) =>
      files.filter(({ file }) => readFileSync(join(distDir, file), 'utf8').includes(EMPTY_RANGE)).map((f) => f.file);
    expect(holding(report.entryJs), 'the browse controls in the entry JS').toEqual([]);
    expect(holding(report.lazyJs), 'the browse controls in a lazy chunk').not.toEqual([]);
  });

  it('ships at most 10 KB gz of CSS', () => {
    const css = totalGzip(report.allCss) + report.inlineStyleGzip;
    expect(css).toBeLessThanOrEqual(BUDGETS.cssGzip);
  });

  it('has no <img> without width and height, in the sources or in the build', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : /\.(tsx|html)$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const findings = [
      ...sources(join(ROOT, 'src')).flatMap((file) =>
        imagesWithoutSize(readFileSync(file, 'utf8'), relative(ROOT, file)),
      ),
      ...readdirSync(distDir)
        .filter((file) => /\.(m?js|html)$/.test(file))
        .flatMap((file) => imagesWithoutSize(readFileSync(join(distDir, file), 'utf8'), `dist/${file}`)),
    ];
    expect(findings).toEqual([]);
  });
});

describe('the image check has teeth', () => {
  it('flags JSX, HTML and compiled images without a size and accepts sized ones', () => {
    expect(imagesWithoutSize('<img src={a} alt="" width={400} height={500} />', 'x')).toEqual([]);
    expect(imagesWithoutSize('<img src={a} alt="" width={400} />', 'x').map((f) => f.missing)).toEqual([['height']]);
    expect(imagesWithoutSize('<img src="a.svg" alt="">', 'x').map((f) => f.missing)).toEqual([['width', 'height']]);
    expect(imagesWithoutSize('(0,r.jsx)("img",{src:e.imageUrl,alt:e.name,width:400,height:500})', 'x')).toEqual([]);
    expect(imagesWithoutSize('(0,r.jsx)("img",{src:e.imageUrl,style:{a:1},alt:""})', 'x')).toHaveLength(1);
  });
});
