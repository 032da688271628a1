import { lazy, memo, Suspense, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { Product } from '../../domain';
import { BROWSE_PARAMS, BROWSE_PENDING_FALLBACK_MS, endBrowsePending } from '../../earlyBrowse';
import type { BrowseActorRef } from '../../machines/browseMachine';
import { useHydrated } from '../hooks/useHydrated';
import { styled } from '../theme';
import { CategoryProducts } from './CategoryProducts';

// The controls, their machine and their rules are a lazy chunk (~5 KB gz): the entry keeps within its budget.
const BrowseProducts = lazy(() => import('../browseFeature'));

/** Wide screens show the controls in two rows; narrower ones fold them under "Filtrar e ordenar". */
export const WIDE = '@media (min-width: 1100px)';

/**
 * The controls' box. Its height is fixed while folded, and the same before the controls arrive (the prerendered
 * page, the chunk loading), so nothing below it moves when they do.
 */
export const BrowseBar = styled('section', {
  height: '44px',
  marginBottom: '$4',
  [WIDE]: { height: '160px' },
  '&[data-open]': { height: 'auto' },
});

const HIDDEN = { visibility: 'hidden' } as const;

export const BrowseCount = styled('p', { margin: '0 0 $4', fontWeight: 600, lineHeight: '24px' });

export interface BrowseProps {
  products: readonly Product[];
  kind: 'category' | 'search';
  label: string;
  /** A list that can grow (a category read page by page): called when the grid nears its end. */
  onNearEnd?: () => void;
}

/** What the browse chunk gets: the page's list, and where to hand the browse actor it runs for it. */
export interface BrowseFeatureProps extends Omit<BrowseProps, 'label'> {
  onActor: (browse: BrowseActorRef) => void;
}

// The controls' render passes the grid the same props until the deferred list arrives: it is skipped.
const Grid = memo(CategoryProducts);

/**
 * A page's product list with "Ordenar por" and "Preço". Until hydration has finished and the chunk has
 * arrived: the list in its own order (the prerendered view), an empty controls box and the count.
 *
 * The grid stays at one place in the tree whether the chunk has arrived or not, so its cards keep their DOM nodes
 * (a focused "Adicionar ao carrinho" keeps its focus, images are not fetched again) when the controls land: the
 * chunk only hands it its browse actor, whose list the grid then shows. An empty range shows the chunk's message
 * instead.
 */
export function BrowseSlot(props: BrowseProps) {
  const { products, kind, label, onNearEnd } = props;
  const [browse, setBrowse] = useState<BrowseActorRef | null>(null);
  // The grid reads the machine's list itself, deferred: a choice commits the controls and the count at once, and
  // React renders the grid's new cards after them in slices that yield to the browser, so neither render is one
  // long task. Everything below reads the deferred list, so the grid is never unhidden showing an older one.
  const shown = useDeferredValue(useSelector(browse ?? undefined, (s) => s?.context.visible ?? null));
  const [gaveUp, setGaveUp] = useState(false);
  const hydrated = useHydrated();
  // An address with a sort or a band: the list in its own order is not what it asks for, so the grid keeps its
  // place unpainted until the chunk shows the chosen view (prerendered pages: src/earlyBrowse.ts until hydration).
  // Read once the list is ours and only until the chunk has shown one: no subscription to every address change.
  const pending = hydrated && shown === null && !gaveUp && BROWSE_PARAMS.test(window.location.search);
  useLayoutEffect(() => {
    if (hydrated) endBrowsePending();
  }, [hydrated]);
  useEffect(() => {
    if (!pending) return;
    // The chunk is slow or failed: the list in its own order rather than nothing.
    const timer = setTimeout(() => setGaveUp(true), BROWSE_PENDING_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const waiting = (
    <>
      <BrowseBar />
      <BrowseCount style={pending ? HIDDEN : undefined}>
        {products.length === 1 ? '1 produto' : `${products.length} produtos`}
      </BrowseCount>
    </>
  );
  const list = shown ?? products;
  return (
    <>
      {hydrated ? (
        <Suspense fallback={waiting}>
          <BrowseProducts products={products} kind={kind} onActor={setBrowse} />
        </Suspense>
      ) : (
        waiting
      )}
      {list.length > 0 && <Grid products={list} label={label} hidden={pending} onNearEnd={onNearEnd} />}
    </>
  );
}
