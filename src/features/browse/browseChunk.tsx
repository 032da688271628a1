// The browse chunk (sorting and price filters, docs/requirements.md#browse), loaded by components/BrowseSlot after hydration.
import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { prepareOrder } from '../domain/browse';
import { BrowseControls, BrowseEmpty } from './components/BrowseControls';
import type { BrowseFeatureProps } from './components/BrowseSlot';
import { useBrowseActor } from './useBrowseActor';

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
