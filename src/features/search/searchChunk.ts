// The search feature's one lazy chunk (issue 10): the field, the results page, the machine and its wiring.
// The field, the /search route and createServices all import this module, so Parcel makes one bundle of it
// (minisearch and the index are a second one, src/domain/searchIndex.ts, loaded on the first search).
export { default as SearchField } from './components/SearchField';
export { default as SearchPage } from './pages/SearchPage';
export { startSearch } from './searchService';
