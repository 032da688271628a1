import { lazy, Suspense } from 'react';

// The field (src/ui/components/SearchField.tsx, with its bar) is in the lazy search chunk, so `/`'s entry JS
// keeps its size. A prerender that waits for lazy chunks emits the whole bar, which React hydrates once the chunk
// arrives; a client render shows an empty box of the bar's height meanwhile (no layout shift).
const SearchField = lazy(() => import('../searchFeature').then((feature) => ({ default: feature.SearchField })));

export const SEARCH_BAR_HEIGHT = 69;

/**
 * The search bar's id, right after the header in the HTML. A prerendered page's head holds
 * `<link rel="expect" href="#…" blocking="render">` with it (scripts/prerender.ts): the browser paints nothing
 * before the parser has reached it, so never half a header (the cart button without its badge, not yet pushed
 * to the right end, the menu without its last items), whose items would move as the rest was parsed.
 */
export const SEARCH_BAR_ID = 'busca';

export function SearchBar() {
  return (
    <Suspense fallback={<div style={{ height: SEARCH_BAR_HEIGHT }} />}>
      <SearchField />
    </Suspense>
  );
}
