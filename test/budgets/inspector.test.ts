// @vitest-environment node
// The statechart inspector (issue 14, docs/inspector.md) is a local-mode tool: a production build
// (CLUB_MODE=production) must hold none of its code, and a local build must (so this check can fail). In the
// local build only the recorder is in the entry; the button and the panel (with elkjs) are lazy chunks.
// Two cold `parcel build`s into temp folders, as test/budgets/bundles.test.ts does.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeBuild } from '../../scripts/bench/bundles';
import { buildStorefront } from '../../scripts/lib/stack';

/** Strings only the inspector's code carries: the panel's heading, the recorder's global, elkjs' own ids. */
const MARKERS = {
  panel: 'Inspetor de estados',
  recorder: '__clubInspector',
  elkjs: 'org.eclipse.elk',
} as const;

/** What the other engineer's production build needs (real-looking Firebase settings, no emulators). */
const PRODUCTION_ENV = {
  CLUB_MODE: 'production',
  FIREBASE_PROJECT_ID: 'club-prod-test',
  FIREBASE_API_KEY: 'test-key',
  FIREBASE_AUTH_DOMAIN: 'club-prod-test.firebaseapp.com',
  FIREBASE_APP_ID: '1:1:web:1',
  BACKEND_URL: 'https://shop.example.com',
  USE_FIREBASE_EMULATORS: 'false',
};

let workDir: string;
const dist = { local: '', production: '' };

const jsFiles = (dir: string) => readdirSync(dir).filter((file) => /\.m?js$/.test(file));
const holding = (dir: string, marker: string, files = jsFiles(dir)) =>
  files.filter((file) => readFileSync(join(dir, file), 'utf8').includes(marker));

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'club-inspector-'));
  dist.local = join(workDir, 'local');
  dist.production = join(workDir, 'production');
  // One after the other: two Parcels at once on two shared cores are slower than in turn. Separate caches:
  // CLUB_MODE is inlined, the two builds must not share bundles.
  await buildStorefront({ env: { CLUB_MODE: '' }, distDir: dist.local, cacheDir: join(workDir, 'cache-local') });
  await buildStorefront({ env: PRODUCTION_ENV, distDir: dist.production, cacheDir: join(workDir, 'cache-production') });
}, 300_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the inspector is local-mode only', () => {
  it('a local build carries it: the recorder in the entry, the button and the panel (with elkjs) in lazy chunks', () => {
    const report = analyzeBuild(dist.local);
    const entry = report.entryJs.map((f) => f.file);
    const lazy = report.lazyJs.map((f) => f.file);
    expect(holding(dist.local, MARKERS.recorder, entry), 'the recorder is in the entry').not.toEqual([]);
    expect(holding(dist.local, MARKERS.panel, entry), 'no panel code in the entry').toEqual([]);
    expect(holding(dist.local, MARKERS.elkjs, entry), 'no elkjs in the entry').toEqual([]);
    expect(holding(dist.local, MARKERS.panel, lazy), 'the button and the panel are lazy chunks').toHaveLength(2);
    expect(holding(dist.local, MARKERS.elkjs, lazy), 'elkjs is in one lazy chunk').toHaveLength(1);
  });

  it('a production build (CLUB_MODE=production) carries none of it', () => {
    expect(jsFiles(dist.production).length, 'the production build wrote its JS').toBeGreaterThan(0);
    for (const [what, marker] of Object.entries(MARKERS)) {
      expect(holding(dist.production, marker), `${what} code in the production build`).toEqual([]);
    }
    expect(jsFiles(dist.production).filter((file) => /^(launcher|Panel)\./.test(file))).toEqual([]);
  });
});
