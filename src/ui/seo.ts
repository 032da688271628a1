// What each catalog page says about itself to search engines and link previews: title, description,
// canonical URL, Open Graph and JSON-LD. The prerender writes it into <head>; pages set the title on
// client-side navigation from the same functions, so both always agree.
import { formatBRL, type Category, type ProductInCategory } from '../domain';
import { categoryPath, paths, productPath } from './paths';
import { LOW_STOCK_THRESHOLD } from '../domain/stock';

export const SHOP_NAME = 'Club Clothing';
export const DEFAULT_DESCRIPTION =
  'Club Clothing: jaquetas, tênis, chapéus e roupas masculinas e femininas com entrega para todo o Brasil.';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL (the origin is a build setting). */
  path: string;
  ogType: 'website' | 'product';
  /** Site-relative image for og:image. */
  image: string | null;
  /** schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd: Array<Record<string, unknown>>;
}

const absolute = (origin: string, path: string) => new URL(path, origin).href;

function breadcrumbList(origin: string, trail: Array<{ name: string; path: string }>): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}

export const homeTitle = () => `${SHOP_NAME} — Loja de roupas online`;
export const exploreTitle = () => `Explorar — ${SHOP_NAME}`;
export const categoryTitle = (category: Category) => `${category.displayName} — ${SHOP_NAME}`;
export const productTitle = (found: ProductInCategory) =>
  `${found.product.name} — ${found.category.displayName} — ${SHOP_NAME}`;
export const notFoundTitle = () => `Página não encontrada — ${SHOP_NAME}`;

export function homeMeta(categories: readonly Category[]): PageMeta {
  return {
    title: homeTitle(),
    description: DEFAULT_DESCRIPTION,
    path: paths.home,
    ogType: 'website',
    image: categories[0]?.imageUrl ?? null,
    jsonLd: [],
  };
}

export function exploreMeta(categories: readonly Category[]): PageMeta {
  return {
    title: exploreTitle(),
    description: `Explore as categorias da ${SHOP_NAME}: ${categories.map((c) => c.displayName).join(', ')}.`,
    path: paths.explore,
    ogType: 'website',
    image: categories[0]?.imageUrl ?? null,
    jsonLd: [],
  };
}

export function categoryMeta(category: Category, origin: string): PageMeta {
  const path = categoryPath(category.id);
  return {
    title: categoryTitle(category),
    description: `${category.displayName} na ${SHOP_NAME}: ${category.products.length} ${category.products.length === 1 ? 'produto' : 'produtos'}, com preços em reais e entrega para todo o Brasil.`,
    path,
    ogType: 'website',
    image: category.imageUrl,
    jsonLd: [
      breadcrumbList(origin, [
        { name: 'Início', path: paths.home },
        { name: category.displayName, path },
      ]),
    ],
  };
}

/** Prices in schema.org are plain decimals with a dot: 500 → "500.00". */
export const schemaPrice = (price: number) => (Math.round(price * 100) / 100).toFixed(2);

/**
 * schema.org's word for a stock count (src/domain/stock.ts): sold out, the last units, or in stock. A page that
 * does not know the count (a build-time page) says InStock, as it offers the product.
 */
export function schemaAvailability(units: number | undefined): string {
  if (units === undefined || units > LOW_STOCK_THRESHOLD) return 'https://schema.org/InStock';
  return units <= 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/LimitedAvailability';
}

/** `units`: the product's live stock when the page knows it (a page rendered on request). */
export function productMeta(found: ProductInCategory, origin: string, units?: number): PageMeta {
  const { product, category } = found;
  const path = productPath(product.id);
  const description = product.description ?? `${product.name} por ${formatBRL(product.price)} na ${SHOP_NAME}.`;
  return {
    title: productTitle(found),
    description,
    path,
    ogType: 'product',
    image: product.imageUrl,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.id,
        image: absolute(origin, product.imageUrl),
        description,
        category: category.displayName,
        offers: {
          '@type': 'Offer',
          url: absolute(origin, path),
          price: schemaPrice(product.price),
          priceCurrency: 'BRL',
          availability: schemaAvailability(units),
        },
      },
      breadcrumbList(origin, [
        { name: 'Início', path: paths.home },
        { name: category.displayName, path: categoryPath(category.id) },
        { name: product.name, path },
      ]),
    ],
  };
}

export function notFoundMeta(): PageMeta {
  return {
    title: notFoundTitle(),
    description: DEFAULT_DESCRIPTION,
    path: '/404',
    ogType: 'website',
    image: null,
    jsonLd: [],
  };
}
