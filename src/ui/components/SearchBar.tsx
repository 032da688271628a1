import { lazy, Suspense } from 'react';

// The field (src/ui/components/SearchField.tsx, with its bar) is in the lazy search chunk, so `/`'s entry JS
// keeps its size. A prerender that waits for lazy chunks emits the whole bar, which React hydrates once the chunk
// arrives; a client render shows an empty box of the bar's height meanwhile (no layout shift).
const SearchField = lazy(() => import('../searchFeature').then((feature) => ({ default: feature.SearchField })));

export const SEARCH_BAR_HEIGHT = 69;

export function SearchBar() {
  return (
    <Suspense fallback={<div style={{ height: SEARCH_BAR_HEIGHT }} />}>
      <SearchField />
    </Suspense>
  );
}
