import { memo, useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { findProduct, formatBRL, type Product } from '../../domain';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { categoryPath, paths } from '../paths';
import { selectCategories } from '../selectors';
import type { CatalogSnapshot } from '../../machines/catalogMachine';
import { productTitle } from '../seo';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { DeliverySlot } from '../../features/delivery/deliverySlot';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { ProductCard, ProductGrid } from '../components/ProductCard';
import { NotFoundPage } from './NotFoundPage';
import { StockBadge, useStockLevel } from '../components/StockBadge';

const Breadcrumb = styled('nav', {
  marginBottom: '$5',
  fontSize: '$small',
  '& ol': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '$2' },
  '& li:not(:last-child)::after': { content: '"›"', marginLeft: '$2', color: '$placeholder' },
  '& a': { color: '$textDark' },
});

const Layout = styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: '1fr',
  '@tablet': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '$6', alignItems: 'start' },
});

const ImageBox = styled('div', {
  aspectRatio: '4 / 5',
  overflow: 'hidden',
  borderRadius: '$2',
  background: '$inputBackground',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});

const Details = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  alignItems: 'flex-start',
  '& h1': { margin: 0, fontSize: '$heading', lineHeight: 1.2 },
  '& .price': { margin: 0, fontSize: '1.5rem', fontWeight: 700 },
  // The price's line keeps the badge's place: it has the price's height with or without it (no layout shift).
  '& .price-row': { display: 'flex', alignItems: 'center', gap: '$3', minHeight: '2.25rem', flexWrap: 'nowrap' },
  '& .description': { margin: 0, maxWidth: '60ch' },
});

const Related = styled('section', {
  marginTop: '$6',
  '& > h2': { fontSize: '1.5rem', margin: '0 0 $4' },
});

/**
 * The delivery estimate of one unit of this product (the delivery chunk's ProductDelivery: an actor of its own,
 * started on mount and stopped on unmount; the page keys it by product). Re-rendered only for another product:
 * the live catalog's copy of the same product must not reach a boundary that is still waiting for its chunk.
 */
const ProductDeliverySlot = memo(
  function ProductDeliverySlot({ product, categoryId }: { product: Product; categoryId: string }) {
    return (
      <DeliverySlot>
        {(delivery) => <delivery.ProductDelivery delivery={delivery} product={product} categoryId={categoryId} />}
      </DeliverySlot>
    );
  },
  (before, after) => before.product.id === after.product.id && before.categoryId === after.categoryId,
);

// Here rather than in selectors.ts: this page is a lazy chunk, the selectors module is in the entry.
/** A product read alone (or last found in the list) for the page of `id`; null for any other id. */
const selectLookedUpProduct = (id: string) => (s: CatalogSnapshot) =>
  s.context.product?.product.id === id ? s.context.product : null;
/** Why the page of `id` has no product to show yet: still looking, none with that id, or the read failed. */
const selectProductMissing = (id: string) => (s: CatalogSnapshot) =>
  s.context.productId !== id
    ? 'pending'
    : s.matches({ product: 'notFound' })
      ? 'notFound'
      : s.matches({ product: 'failed' })
        ? 'failed'
        : 'pending';

/**
 * /product/:id — found through its category in the catalog list (docs/requirements.md#data), else read alone by the catalog
 * machine: a category document holds a preview of its products only.
 */
export function ProductPage({ id }: { id: string }) {
  const { catalog, cart, stock } = useServices();
  const categories = useSelector(catalog, selectCategories);
  const lookedUp = useSelector(catalog, selectLookedUpProduct(id));
  const missing = useSelector(catalog, selectProductMissing(id));
  const level = useStockLevel(id);
  const badgeId = useId();
  useEffect(() => catalog.send({ type: 'catalog.product.show', id }), [catalog, id]);
  // Its live stock: its own document, one read.
  useEffect(() => stock.send({ type: 'stock.products.show', ids: [id] }), [stock, id]);
  const found = findProduct(categories, id) ?? lookedUp;
  useDocumentTitle(found ? productTitle(found) : null);

  if (!found) {
    if (missing === 'pending') return <LoadingOverlay />;
    if (missing === 'failed')
      return (
        <Page>
          <PageTitle>Não foi possível carregar este produto</PageTitle>
          <p>Verifique sua conexão e tente novamente em instantes.</p>
          <Button type="button" onClick={() => catalog.send({ type: 'catalog.product.retry' })}>
            Tentar novamente
          </Button>
        </Page>
      );
    return <NotFoundPage title="Produto não encontrado" message="Este produto não existe ou foi removido." />;
  }

  const { product, category, related } = found;
  return (
    <Page>
      <Breadcrumb aria-label="Trilha de navegação">
        <ol>
          <li>
            <Link href={paths.home}>Início</Link>
          </li>
          <li>
            <Link href={categoryPath(category.id)}>{category.displayName}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </Breadcrumb>
      <Layout>
        <ImageBox>
          <img
            src={product.imageUrl}
            alt={product.name}
            width={800}
            height={1000}
            decoding="async"
            fetchPriority="high"
          />
        </ImageBox>
        <Details>
          <h1>{product.name}</h1>
          <div className="price-row">
            <p className="price">{formatBRL(product.price)}</p>
            <StockBadge level={level} id={badgeId} />
          </div>
          {product.description && <p className="description">{product.description}</p>}
          <Button
            type="button"
            data-add-to-cart={product.id}
            disabled={level === 'soldOut'}
            aria-describedby={level === 'soldOut' ? badgeId : undefined}
            onClick={() => cart.send({ type: 'cart.add', product })}
          >
            Adicionar ao carrinho
          </Button>
          <ProductDeliverySlot key={product.id} product={product} categoryId={category.id} />
        </Details>
      </Layout>
      {related.length > 0 && (
        <Related aria-labelledby="related-title">
          <h2 id="related-title">Você também pode gostar</h2>
          <ProductGrid>
            {related.map((other) => (
              <ProductCard key={other.id} product={other} headingLevel={3} />
            ))}
          </ProductGrid>
        </Related>
      )}
    </Page>
  );
}
