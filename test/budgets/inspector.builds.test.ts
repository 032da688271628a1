// @vitest-environment node
// The statechart inspector (docs/inspector.md) is a local-mode tool: a production build
// (CLUB_MODE=production) must hold none of its code, and a local build must (so this check can fail). In the
// local build only the recorder is in the entry; the button and the panel (with elkjs) are lazy chunks.
// The run's two cold builds (test/support/builds.globalSetup.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBuild } from '../../scripts/bench/bundles';
import { useBuilds } from '../support/builds';

/** Strings only the inspector's code carries: the panel's heading, the recorder's global, elkjs' own ids. */
const MARKERS = {
  panel: 'Inspetor de estados',
  recorder: '__clubInspector',
  elkjs: 'org.eclipse.elk',
} as const;

const dist = useBuilds();

const jsFiles = (dir: string) => readdirSync(dir).filter((file) => /\.m?js$/.test(file));
const holding = (dir: string, marker: string, files = jsFiles(dir)) =>
  files.filter((file) => readFileSync(join(dir, file), 'utf8').includes(marker));

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
