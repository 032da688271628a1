// The browse chunk (sorting and price filters, issue 29), loaded by components/BrowseSlot after hydration.
import { useLayoutEffect } from 'react';
import { BrowseControls, BrowseEmpty } from './components/BrowseControls';
import type { BrowseFeatureProps } from './components/BrowseSlot';
import { useBrowseActor } from './useBrowseActor';

export default function BrowseProducts({ products, kind, onActor }: BrowseFeatureProps) {
  const browse = useBrowseActor(products);
  // Before paint: the grid never shows a frame of the old order once the machine has its own.
  useLayoutEffect(() => onActor(browse), [browse, onActor]);
  return (
    <>
      <BrowseControls browse={browse} kind={kind} />
      <BrowseEmpty browse={browse} />
    </>
  );
}
