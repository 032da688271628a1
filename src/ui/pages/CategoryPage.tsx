import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { paths } from '../paths';
import { useServices } from '../services';
import { Page, styled } from '../theme';
import { listsPreviewOnly } from '../../domain';
import { categoryProductsOf } from '../../machines/catalogMachine';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { BrowseSlot } from '../../features/browse/browseSlot';
import { NotFoundPage } from './NotFoundPage';

const TitleRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  marginBottom: '$5',
  '& h1': { margin: 0, fontSize: '$heading', textTransform: 'uppercase' },
});

const Back = styled(Link, {
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: '$round',
  color: '$textDark',
  textDecoration: 'none',
  fontSize: '1.75rem',
  '&:hover': { background: '$inputBackground' },
});

// The page on its way or the one that failed, under the grid: a lazy chunk (the entry keeps within its budget).
const CategoryMore = lazy(() => import('../components/CategoryMore'));

export function CategoryPage({ id }: { id: string }) {
  const { catalog, stock } = useServices();
  useEffect(() => {
    catalog.send({ type: 'catalog.category.show', id });
    // Its cards' badges: the category's products with few units left, one query.
    stock.send({ type: 'stock.categories.show', ids: [id] });
  }, [catalog, stock, id]);

  const category = useSelector(catalog, (s) => (s.context.categoryId === id ? s.context.category : null));
  const status = useSelector(catalog, (s) =>
    s.context.categoryId !== id
      ? 'loading'
      : s.matches({ category: 'notFound' })
        ? 'notFound'
        : s.matches({ category: 'failed' })
          ? 'failed'
          : 'ok',
  );

  const products = useSelector(catalog, (s) => categoryProductsOf(s.context));
  // Only a category whose document holds a preview is read on page by page; a whole one never asks.
  const partial = category !== null && listsPreviewOnly(category);
  const onNearEnd = useCallback(() => catalog.send({ type: 'catalog.category.more' }), [catalog]);

  if (status === 'notFound')
    return <NotFoundPage title="Categoria não encontrada" message="Esta categoria não existe ou foi removida." />;
  if (!category) {
    if (status === 'failed')
      return (
        <NotFoundPage
          title="Não foi possível carregar esta categoria"
          message="Verifique sua conexão e tente novamente em instantes."
        />
      );
    return <LoadingOverlay />;
  }
  return (
    <Page>
      <TitleRow>
        <Back href={paths.home} aria-label="Voltar para a página inicial">
          <span aria-hidden="true">←</span>
        </Back>
        <h1>{category.displayName}</h1>
      </TitleRow>
      <BrowseSlot
        key={category.id}
        products={products}
        kind="category"
        label={`Produtos: ${category.displayName}`}
        onNearEnd={partial ? onNearEnd : undefined}
      />
      {partial && (
        <Suspense fallback={null}>
          <CategoryMore />
        </Suspense>
      )}
    </Page>
  );
}
