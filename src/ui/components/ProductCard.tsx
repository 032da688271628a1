import { useId } from 'react';
import { Link } from 'wouter';
import { formatBRL, type Product } from '../../domain';
import { productPath } from '../paths';
import { useServices } from '../services';
import { Button, styled } from '../theme';
import { StockBadge, useStockLevel } from './StockBadge';

const Card = styled('li', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  // The add button shows on hover, on keyboard focus inside the card, and always on touch screens.
  '&:hover button, &:focus-within button': { opacity: 1, transform: 'none' },
  '@noHover': { '& button': { opacity: 1, transform: 'none' } },
});

const ImageBox = styled('div', {
  position: 'relative',
  aspectRatio: '4 / 5',
  overflow: 'hidden',
  borderRadius: '$2',
  background: '$inputBackground',
  '& > a': { display: 'block', width: '100%', height: '100%' },
  '& img': { width: '100%', height: '100%', objectFit: 'cover', transition: 'transform 0.3s' },
  [`${Card}:hover & img`]: { transform: 'scale(1.04)' },
});

// Over the image's corner: the badge arriving after hydration moves nothing (CLS 0).
const BadgeCorner = styled('div', { position: 'absolute', top: '$3', left: '$3', pointerEvents: 'none' });

const AddButton = styled(Button, {
  position: 'absolute',
  left: '$3',
  right: '$3',
  bottom: '$3',
  padding: '$2 $3',
  fontSize: '$small',
  opacity: 0,
  transform: 'translateY(8px)',
  transition: 'opacity 0.2s, transform 0.2s',
  '@reducedMotion': { transition: 'none' },
});

const Footer = styled('div', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '$3',
  '& h2, & h3': { margin: 0, fontSize: '1rem', fontWeight: 500 },
  '& h2 a, & h3 a': { color: 'inherit', textDecoration: 'none' },
  '& h2 a:hover, & h3 a:hover': { textDecoration: 'underline' },
  '& p': { margin: 0, fontWeight: 700, whiteSpace: 'nowrap' },
});

/**
 * How a card's image loads: `priority` (eager, fetched first: the first row, where a phone's LCP image is),
 * `eager` (the rest of a desktop's first screen: loaded before the page's scripts start, at the browser's own
 * priority, so they do not compete with the first row on a slow network), `lazy` (near the screen only).
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

/** A product with its price in R$ and 'Adicionar ao carrinho'. */
export function ProductCard({
  product,
  image = 'lazy',
  headingLevel = 2,
}: {
  product: Product;
  image?: ImageLoading;
  /** 2 under a page's h1 (category page), 3 under a section's h2 (explore). */
  headingLevel?: 2 | 3;
}) {
  const { cart } = useServices();
  const level = useStockLevel(product.id);
  const badgeId = useId();
  const soldOut = level === 'soldOut';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = productPath(product.id);
  return (
    <Card>
      <ImageBox>
        {/* The name below is the keyboard's link; the image repeats it for the mouse (out of the tab order). */}
        <Link href={href} tabIndex={-1}>
          <img
            src={product.imageUrl}
            alt={product.name}
            width={400}
            height={500}
            decoding="async"
            loading={image === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={image === 'priority' ? 'high' : 'auto'}
          />
        </Link>
        <BadgeCorner>
          <StockBadge level={level} id={badgeId} />
        </BadgeCorner>
        {/* Outside the links: adding never navigates. Sold out, it is disabled and says why. */}
        <AddButton
          type="button"
          variant="inverted"
          aria-label={`Adicionar ao carrinho: ${product.name}`}
          data-add-to-cart={product.id}
          disabled={soldOut}
          aria-describedby={soldOut ? badgeId : undefined}
          onClick={() => cart.send({ type: 'cart.add', product })}
        >
          Adicionar ao carrinho
        </AddButton>
      </ImageBox>
      <Footer>
        <Heading>
          <Link href={href}>{product.name}</Link>
        </Heading>
        <p>{formatBRL(product.price)}</p>
      </Footer>
    </Card>
  );
}

/** docs/requirements.md#limits: 4 columns; one on phones (two in between so cards stay readable on tablets). */
export const ProductGrid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$5 $4',
  gridTemplateColumns: '1fr',
  '@tablet': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@desktop': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
});
