// The browse feature's loader: the chunk (browseChunk.tsx: the controls, the machine's wiring, the rules), downloaded
// once the first list has hydrated (src/features/lazyFeature.ts). Each list runs a browse actor of its own, started
// by the chunk (browseActors.ts), so nothing is started here.
import { lazyPart } from '../lazyFeature';

export const loadBrowseChunk = () => import('./browseChunk');

/** The controls of one list; they hand the slot their browse actor (`onActor`). */
export const BrowseProducts = lazyPart(() => loadBrowseChunk().then((chunk) => chunk.default));
