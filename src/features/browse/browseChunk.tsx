// The browse feature's one lazy chunk (sorting and price filters, docs/ui.md): the controls, the machine's wiring and
// the rules, loaded by the slot (browseSlot.tsx) once the page has hydrated.
import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import type { Product } from '../../domain';
import { prepareOrder } from '../../domain/browse';
import type { BrowseActorRef } from '../../machines/browseMachine';
import { BrowseControls, BrowseEmpty } from './BrowseControls';
import { useBrowseActor } from './browseActors';

/** What the browse chunk gets: the page's list, and where to hand the browse actor it runs for it. */
export interface BrowseFeatureProps {
  products: readonly Product[];
  kind: 'category' | 'search';
  onActor: (browse: BrowseActorRef) => void;
}

export default function BrowseProducts({ products, kind, onActor }: BrowseFeatureProps) {
  const browse = useBrowseActor(products);
  // Before paint: the grid never shows a frame of the old order once the machine has its own.
  useLayoutEffect(() => onActor(browse), [browse, onActor]);
  // The name order (and the pt-BR collator it needs) is sorted when a pointer or the focus reaches the controls,
  // before the shopper's choice, rather than while the page is still loading.
  const list = useSelector(browse, (s) => s.context.products);
  const prepareNameOrder = () => prepareOrder(list, 'nome');
  return (
    <>
      <div style={{ display: 'contents' }} onPointerOver={prepareNameOrder} onFocus={prepareNameOrder}>
        <BrowseControls browse={browse} kind={kind} />
      </div>
      <BrowseEmpty browse={browse} />
    </>
  );
}
