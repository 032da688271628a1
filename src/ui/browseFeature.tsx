// The browse chunk (sorting and price filters, issue 29), loaded by components/BrowseSlot after hydration.
import { useLayoutEffect } from 'react';
import { useSelector } from '@xstate/react';
import { BrowseControls, BrowseEmpty } from './components/BrowseControls';
import type { BrowseFeatureProps } from './components/BrowseSlot';
import { useBrowseActor } from './useBrowseActor';

export default function BrowseProducts({ products, kind, onShown }: BrowseFeatureProps) {
  const browse = useBrowseActor(products);
  const visible = useSelector(browse, (s) => s.context.visible);
  // Before paint: the grid never shows a frame of the old order once the machine has its own.
  useLayoutEffect(() => onShown(visible), [visible, onShown]);
  return (
    <>
      <BrowseControls browse={browse} kind={kind} />
      <BrowseEmpty browse={browse} />
    </>
  );
}
