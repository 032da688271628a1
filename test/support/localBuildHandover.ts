// One local-mode storefront build per run (vitest's main process), shared by every global setup that needs one:
//   - localParcelBuild(): the Parcel output, made by whichever setup asks first (the e2e and fault stacks copy it
//     and prerender it with their own addresses: scripts/lib/stack.ts `parcelOutput`);
//   - offerLocalBuild()/takeLocalBuild(): the e2e stack's prerendered folder, which the builds project's budget
//     and inspector checks read (what a shopper is sent, inline styles included).
//
// The global setups run in vitest's main process, but each project loads its own copy of this module, so the
// shared state lives on globalThis under registered symbols. Vitest runs every global setup before the first
// test file, so by the time a builds file asks, the e2e setup has either offered its folder or is not in this run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStorefront, DEFAULT_PORTS, storefrontEnv } from '../../scripts/lib/stack';
import { precompressFolder } from '../../scripts/lib/staticServer';
import { DEFAULT_PROJECT_ID } from '../../scripts/lib/firestoreAdmin';

const OFFERED = Symbol.for('club-clothing.test.localBuildHandover');
const PARCEL_OUTPUT = Symbol.for('club-clothing.test.localParcelBuild');

type Holder = { [OFFERED]?: Promise<string>; [PARCEL_OUTPUT]?: Promise<string> };
const holder = globalThis as Holder;

/**
 * The run's local Parcel build (`npm start`'s settings: its default addresses, which each stack's pages replace),
 * a cold build into a temp folder removed when the process exits. Started by the first caller.
 */
export function localParcelBuild(): Promise<string> {
  return (holder[PARCEL_OUTPUT] ??= (async () => {
    const work = mkdtempSync(join(tmpdir(), 'club-local-build-'));
    process.once('exit', () => rmSync(work, { recursive: true, force: true }));
    const distDir = join(work, 'dist');
    const started = Date.now();
    await buildStorefront({
      env: { ...storefrontEnv(DEFAULT_PROJECT_ID, DEFAULT_PORTS), CLUB_MODE: '' },
      distDir,
      cacheDir: join(work, 'cache'),
    });
    console.log(`[local build] Parcel in ${((Date.now() - started) / 1000).toFixed(1)} s (${distDir})`);
    // Compressed here once: each stack's copy keeps these, and its server compresses only the pages it rewrote.
    await precompressFolder(distDir);
    return distDir;
  })());
}

/** The e2e setup offers the folder its stack serves (resolved once copied and prerendered). */
export function offerLocalBuild(dist: Promise<string>): void {
  // A failure reaches whoever takes the build; here it would be an unhandled rejection.
  dist.catch(() => {});
  holder[OFFERED] = dist;
}

/** The offered folder, or null when no e2e stack runs in this process (then the taker reads localParcelBuild()). */
export function takeLocalBuild(): Promise<string> | null {
  return holder[OFFERED] ?? null;
}
