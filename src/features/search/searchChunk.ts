// The search feature's one lazy chunk (docs/ui.md, "Lazy features"): the field, the results page and the actor's
// wiring. The slot (searchSlot.tsx) and the loader (searchLoader.ts) both import this module, so Parcel makes one
// bundle of it (minisearch and the index are a second one, src/domain/searchIndex.ts, loaded on the first search).
export { default as SearchField } from './SearchField';
export { default as SearchPage } from './SearchPage';
export { startSearch } from './searchActors';
