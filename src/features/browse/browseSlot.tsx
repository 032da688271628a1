// Where sorting and price filters show up (/category/:id, /search): their code is the lazy browse chunk
// (browseChunk.tsx), so the entry carries only this slot, the loader and the slot's own small machine.
import { memo, Suspense, useDeferredValue, useLayoutEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Product } from '../../domain';
import { BROWSE_PARAMS, BROWSE_PENDING_FALLBACK_MS, endBrowsePending } from '../../earlyBrowse';
import type { BrowseActorRef } from '../../machines/browseMachine';
import { browseSlotMachine } from '../../machines/browseSlotMachine';
import { CategoryProducts } from '../../ui/components/CategoryProducts';
import { useHydrated } from '../../ui/hooks/useHydrated';
import { BrowseBar, BrowseCount } from './browseLayout';
import { BrowseProducts } from './browseLoader';

const HIDDEN = { visibility: 'hidden' } as const;

export interface BrowseProps {
  products: readonly Product[];
  kind: 'category' | 'search';
  label: string;
  /** A list that can grow (a category read page by page): called when the grid nears its end. */
  onNearEnd?: () => void;
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
  const hydrated = useHydrated();
  // An address with a sort or a band: the list in its own order is not what it asks for, so the grid keeps its
  // place unpainted until the chunk shows the chosen view (prerendered pages: src/earlyBrowse.ts until hydration),
  // or until the slot's machine gives up waiting (browseSlotMachine). The address is read once, at hydration: no
  // subscription to every address change.
  const slot = useActorRef(browseSlotMachine, { input: { fallbackMs: BROWSE_PENDING_FALLBACK_MS } });
  const holding = useSelector(slot, (s) => s.hasTag('holding'));
  const pending = holding && shown === null;
  useLayoutEffect(() => {
    if (!hydrated) return;
    endBrowsePending();
    slot.send({ type: 'browseSlot.hydrated', viewAsked: BROWSE_PARAMS.test(window.location.search) });
  }, [hydrated, slot]);
  useLayoutEffect(() => {
    if (shown !== null) slot.send({ type: 'browseSlot.viewShown' });
  }, [shown, slot]);
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
