import { lazy, Suspense, useState } from 'react';
import type { Product } from '../../domain';
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

export const BrowseCount = styled('p', { margin: '0 0 $4', fontWeight: 600, lineHeight: '24px' });

export interface BrowseProps {
  products: readonly Product[];
  kind: 'category' | 'search';
  label: string;
}

/** What the browse chunk gets: the page's list, and where to hand the list its machine shows. */
export interface BrowseFeatureProps extends Omit<BrowseProps, 'label'> {
  onShown: (products: readonly Product[]) => void;
}

/**
 * A page's product list with "Ordenar por" and "Preço". Until hydration has finished and the chunk has
 * arrived: the list in its own order (the prerendered view), an empty controls box and the count.
 *
 * The grid stays at one place in the tree whether the chunk has arrived or not, so its cards keep their DOM nodes
 * (a focused "Adicionar ao carrinho" keeps its focus, images are not fetched again) when the controls land: the
 * chunk only hands it the list its browse machine shows. An empty range shows the chunk's message instead.
 */
export function BrowseSlot(props: BrowseProps) {
  const { products, kind, label } = props;
  const [shown, setShown] = useState<readonly Product[] | null>(null);
  const hydrated = useHydrated();
  const waiting = (
    <>
      <BrowseBar />
      <BrowseCount>{products.length === 1 ? '1 produto' : `${products.length} produtos`}</BrowseCount>
    </>
  );
  const list = shown ?? products;
  return (
    <>
      {hydrated ? (
        <Suspense fallback={waiting}>
          <BrowseProducts products={products} kind={kind} onShown={setShown} />
        </Suspense>
      ) : (
        waiting
      )}
      {list.length > 0 && <CategoryProducts products={list} label={label} />}
    </>
  );
}
