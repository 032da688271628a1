// The browse chunk (sorting and price filters, issue 29), loaded by components/BrowseSlot after hydration.
import { BrowseControls, BrowseResults } from './components/BrowseControls';
import type { BrowseProps } from './components/BrowseSlot';
import { useBrowseActor } from './useBrowseActor';

export default function BrowseProducts({ products, kind, label }: BrowseProps) {
  const browse = useBrowseActor(products);
  return (
    <>
      <BrowseControls browse={browse} kind={kind} />
      <BrowseResults browse={browse} label={label} />
    </>
  );
}
