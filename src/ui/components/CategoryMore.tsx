// Under a category read page by page: the page on its way, or the page that failed with its retry. A lazy chunk,
// loaded by the first category whose document holds a preview (the seeded shop's never do).
import { useSelector } from '@xstate/react';
import { useServices } from '../services';
import { RetryAlert } from './RetryAlert';

/** Shown, with "Tentar novamente", under the products already on screen when the next page cannot be read. */
export const CATEGORY_MORE_FAILED_MESSAGE = 'Não foi possível carregar mais produtos.';

export default function CategoryMore() {
  const { catalog } = useServices();
  const pages = useSelector(catalog, (s) =>
    s.matches({ pages: 'loadingMore' }) ? 'loading' : s.matches({ pages: 'failed' }) ? 'failed' : null,
  );
  if (pages === 'loading') return <p role="status">Carregando mais produtos…</p>;
  if (pages !== 'failed') return null;
  // What is on screen stays above; only the page that failed is read again.
  return (
    <RetryAlert
      message={CATEGORY_MORE_FAILED_MESSAGE}
      onRetry={() => catalog.send({ type: 'catalog.category.more.retry' })}
    />
  );
}
