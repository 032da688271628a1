// One local-mode storefront build per run instead of two. The e2e stack builds the storefront with `npm start`'s
// mode (only its ports differ) and prerenders it; the builds project's budget and inspector checks read that
// same folder instead of making a cold Parcel build of their own (about 9 s of CPU).
//
// Both global setups run in vitest's main process, but each project loads its own copy of this module, so the
// handover lives on globalThis under a registered symbol. Vitest runs every global setup before the first test
// file, so by the time a builds file asks, the e2e setup has either offered its build or is not in this run.
const KEY = Symbol.for('club-clothing.test.localBuildHandover');

type Holder = { [KEY]?: Promise<string> };

/** The e2e setup offers the folder its stack builds into (resolved once built and prerendered). */
export function offerLocalBuild(dist: Promise<string>): void {
  // A failure reaches whoever takes the build; here it would be an unhandled rejection.
  dist.catch(() => {});
  (globalThis as Holder)[KEY] = dist;
}

/** The offered build, or null when no e2e stack runs in this process (then the taker builds its own). */
export function takeLocalBuild(): Promise<string> | null {
  return (globalThis as Holder)[KEY] ?? null;
}
