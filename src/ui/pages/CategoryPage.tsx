import { startTransition, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { paths } from '../paths';
import { useServices } from '../services';
import { Page, styled } from '../theme';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { ProductCard, ProductGrid } from '../components/ProductCard';
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

/** Columns per row at the widest layout: the first row loads eagerly. */
const FIRST_ROW = 4;

// A category can hold thousands of products (the bench seeds 2,000). Rendering them in one commit blocked the
// main thread for seconds: the first screens go in the first commit, the rest follow in batches, each a short
// task in a transition (the shopper can scroll, click and type in between). Off-screen cards skip layout and
// paint (content-visibility), with a height estimate so the scrollbar stays put; `auto` remembers real sizes.
const FIRST_BATCH = 24;
const BATCH = 96;

const Grid = styled(ProductGrid, {
  '& > li': { contentVisibility: 'auto', containIntrinsicBlockSize: 'auto 420px' },
});

/** How many of `total` cards to render now; grows by BATCH per task until all are there. */
function useProgressiveCount(total: number, key: string): number {
  const [shown, setShown] = useState({ key, count: FIRST_BATCH });
  const count = Math.min(total, shown.key === key ? shown.count : FIRST_BATCH);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown({ key, count: count + BATCH })), 0);
    return () => clearTimeout(timer);
  }, [count, total, key]);
  return count;
}

export function CategoryPage({ id }: { id: string }) {
  const { catalog } = useServices();
  useEffect(() => {
    catalog.send({ type: 'catalog.category.show', id });
  }, [catalog, id]);

  const category = useSelector(catalog, (s) => (s.context.categoryId === id ? s.context.category : null));
  const shown = useProgressiveCount(category?.products.length ?? 0, id);
  const status = useSelector(catalog, (s) =>
    s.context.categoryId !== id ? 'loading' : s.matches({ category: 'notFound' }) ? 'notFound' : s.matches({ category: 'failed' }) ? 'failed' : 'ok',
  );

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
      <Grid aria-label={`Produtos: ${category.displayName}`}>
        {category.products.slice(0, shown).map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < FIRST_ROW} />
        ))}
      </Grid>
    </Page>
  );
}
