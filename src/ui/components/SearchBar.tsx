import { lazy, Suspense } from 'react';
import { styled } from '../theme';

// The field (src/ui/components/SearchField.tsx) is in the lazy search chunk: `/`'s entry JS keeps its size.
// A prerender that waits for lazy chunks emits the whole field, which React hydrates once the chunk arrives.
const SearchField = lazy(() => import('../searchFeature').then((feature) => ({ default: feature.SearchField })));

/** A bar of its own under the top bar (SPEC §2's header keeps exactly its items), the field's height reserved. */
const Bar = styled('div', {
  background: '$surface',
  borderBottom: '1px solid $border',
  padding: '$3 $4',
  minHeight: '69px',
  '@tablet': { padding: '$3 $5' },
});

export function SearchBar() {
  return (
    <Bar>
      <Suspense fallback={null}>
        <SearchField />
      </Suspense>
    </Bar>
  );
}
