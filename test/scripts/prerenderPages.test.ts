// @vitest-environment node
// The prerender's page writer (scripts/lib/prerenderPages.ts): when it starts worker threads, and that pages
// written by workers are byte for byte the pages the build's own thread writes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/catalog';
import { catalogPages } from '../../scripts/prerender';
import { PAGES_PER_WORKER, workersFor, writePages, writePagesHere } from '../../scripts/lib/prerenderPages';
import { PARCEL_SHELL as SHELL } from '../support/parcelShell';

const ORIGIN = 'https://loja.example';
const STITCHES_CSS = /<style id="stitches">([^<]*)<\/style>/;
const cssOf = (html: string) => STITCHES_CSS.exec(html)?.[1] ?? '';
const withoutCss = (html: string) => html.replace(STITCHES_CSS, '<style id="stitches"></style>');
// Stitches' group markers (`--sxs{--sxs:2 c-a c-b}`) name the components in that order too.
const cssRules = (html: string) =>
  [...new Set(cssOf(html).match(/[^{}]+\{[^{}]*\}/g) ?? [])].map((rule) => (rule.includes('--sxs:') ? rule.replace(/[{}]/g, ' ').trim().split(/\s+/).sort().join(' ') : rule)).sort();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'club-prerender-pages-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('workersFor', () => {
  it('keeps a small catalog in the build’s own thread and gives each worker at least PAGES_PER_WORKER pages', () => {
    expect(workersFor(48, { cores: 2 })).toBe(0); // the 40-product shop
    expect(workersFor(2 * PAGES_PER_WORKER - 1, { cores: 2 })).toBe(0);
    expect(workersFor(2 * PAGES_PER_WORKER, { cores: 2 })).toBe(2);
    expect(workersFor(224, { cores: 2 })).toBe(2); // 100,000 products: home, explore, 404, 21 categories, 200 products
    expect(workersFor(224, { cores: 1 })).toBe(0);
    expect(workersFor(10 * PAGES_PER_WORKER, { cores: 4 })).toBe(4);
  });
});

describe('writePages', () => {
  it('writes in workers the pages the build’s thread writes', async () => {
    const pages = catalogPages(catalog, ORIGIN).slice(0, 9);
    const here = tempDir();
    const spread = tempDir();
    await writePagesHere({ shell: SHELL, pages, distDir: here, origin: ORIGIN });
    const result = await writePages({ shell: SHELL, pages, distDir: spread, origin: ORIGIN }, { cores: 2, pagesPerWorker: 3 });
    expect(result.workers).toBe(2);
    for (const page of pages) {
      const written = readFileSync(join(spread, page.file), 'utf8');
      const expected = readFileSync(join(here, page.file), 'utf8');
      // The page's stitches CSS lists its rules in the order the rendering process first met each component,
      // which depends on the pages that process rendered before (in one thread as across workers): the same
      // rules, compared as a set; everything else byte for byte.
      expect(withoutCss(written), page.file).toBe(withoutCss(expected));
      expect(cssOf(written).length, page.file).toBe(cssOf(expected).length);
      expect(cssRules(written), page.file).toEqual(cssRules(expected));
      expect(written).toContain(`<link rel="canonical" href="${new URL(page.meta.path, ORIGIN).href}">`);
    }
  }, 60_000);
});
