import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { HOME_TILE_LIMIT } from '../../domain';
import { categoryPath } from '../paths';
import { selectCategories, selectListFailed } from '../selectors';
import { useServices } from '../services';
import { Page, styled, visuallyHidden } from '../theme';
import { CatalogUnavailable } from '../components/CatalogUnavailable';

// The original's layout: two tiles, one wide, two.
const Grid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  gridTemplateColumns: '1fr',
  '@tablet': {
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    '& > li:nth-child(3)': { gridColumn: '1 / -1' },
  },
});

const Tile = styled(Link, {
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  height: '240px',
  overflow: 'hidden',
  borderRadius: '$2',
  border: '1px solid $border',
  textDecoration: 'none',
  color: '$textDark',
  '@desktop': { height: '300px' },
  '& img': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    transition: 'transform 0.6s',
  },
  '&:hover img, &:focus-visible img': { transform: 'scale(1.08)' },
  '@reducedMotion': { '& img': { transition: 'none' } },
});

const Label = styled('span', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: '$3 $5',
  background: 'rgba(248, 249, 250, 0.92)',
  border: '1px solid $textDark',
  borderRadius: '$1',
  '& strong': { fontSize: '1.375rem', textTransform: 'uppercase' },
  '& span': { fontSize: '$small' },
});

export function HomePage() {
  const { catalog } = useServices();
  const categories = useSelector(catalog, selectCategories);
  const failed = useSelector(catalog, selectListFailed);

  return (
    <Page>
      <h1 className={visuallyHidden()}>Club Clothing — categorias</h1>
      {failed && <CatalogUnavailable />}
      <Grid aria-label="Categorias">
        {categories.slice(0, HOME_TILE_LIMIT).map((category, index) => (
          <li key={category.id}>
            <Tile href={categoryPath(category.id)}>
              <img
                src={category.imageUrl}
                alt=""
                width={600}
                height={300}
                decoding="async"
                loading={index < 2 ? 'eager' : 'lazy'}
                fetchPriority={index < 2 ? 'high' : 'auto'}
              />
              <Label>
                <strong>{category.displayName}</strong>
                <span aria-hidden="true">Comprar agora</span>
              </Label>
            </Tile>
          </li>
        ))}
      </Grid>
    </Page>
  );
}
