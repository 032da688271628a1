import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { EXPLORE_PRODUCTS_PER_CATEGORY } from '../../domain';
import { categoryPath } from '../paths';
import { selectCategories, selectListFailed } from '../selectors';
import { useServices } from '../services';
import { Page, PageTitle, styled } from '../theme';
import { CatalogUnavailable } from '../components/CatalogUnavailable';
import { ProductCard, ProductGrid, type ImageLoading } from '../components/ProductCard';

/**
 * The first section's images are fetched first; the second's load eagerly too, because a desktop's first screen
 * shows it (see FIRST_SCREEN in CategoryProducts); the others load near the screen.
 */
const imageLoading = (sectionIndex: number): ImageLoading =>
  sectionIndex === 0 ? 'priority' : sectionIndex === 1 ? 'eager' : 'lazy';

const Section = styled('section', {
  marginBottom: '$6',
  '& h2': { margin: '0 0 $4', fontSize: '1.5rem' },
  '& h2 a': { color: '$textDark', textDecoration: 'none', textTransform: 'uppercase' },
  '& h2 a:hover': { textDecoration: 'underline' },
});

export function ExplorePage() {
  const { catalog, stock } = useServices();
  const categories = useSelector(catalog, selectCategories);
  const failed = useSelector(catalog, selectListFailed);
  // The cards' badges: the low stock of every category shown, in one query (30 categories a query).
  const shown = categories.map((category) => category.id).join(' ');
  useEffect(() => {
    if (shown) stock.send({ type: 'stock.categories.show', ids: shown.split(' ') });
  }, [stock, shown]);

  return (
    <Page>
      <PageTitle>Explorar</PageTitle>
      {failed && <CatalogUnavailable />}
      {categories.map((category, sectionIndex) => (
        <Section key={category.id} aria-labelledby={`explore-${category.id}`}>
          <h2 id={`explore-${category.id}`}>
            <Link href={categoryPath(category.id)}>{category.displayName}</Link>
          </h2>
          <ProductGrid>
            {category.products.slice(0, EXPLORE_PRODUCTS_PER_CATEGORY).map((product) => (
              <ProductCard key={product.id} product={product} image={imageLoading(sectionIndex)} headingLevel={3} />
            ))}
          </ProductGrid>
        </Section>
      ))}
    </Page>
  );
}
