// The shop's catalog, in pt-BR: five categories in display order (the array order), 7–8 products each.
// Built on the original shop's facts (docs/requirements.md#data) with generic names and some prices with centavos.
// `art` describes each product's illustration for scripts/generate-images.ts; it never reaches Firestore.
// Everything is validated against CategoryStruct when this module loads, so a typo fails fast.
import { assert } from 'superstruct';
import { CategoryStruct, type Category, type Product } from '../src/domain';
import { productDescriptions } from './descriptions';

/** Silhouettes that scripts/generate-images.ts knows how to draw. */
export type Shape =
  | 'jacket'
  | 'blazer'
  | 'windbreaker'
  | 'puffer'
  | 'sneaker'
  | 'hightop'
  | 'tshirt'
  | 'tank'
  | 'shirt'
  | 'polo'
  | 'pants'
  | 'shorts'
  | 'hoodie'
  | 'dress'
  | 'skirt'
  | 'sweater'
  | 'blouse'
  | 'jumpsuit'
  | 'fedora'
  | 'beanie'
  | 'cap'
  | 'bucket'
  | 'beret';

export interface Art {
  shape: Shape;
  /** Main colour of the garment. */
  colour: string;
  /** Detail colour (trim, sole, band, stripes). */
  accent: string;
}

interface Entry {
  id: string;
  name: string;
  price: number;
  art: Art;
}

interface CategoryEntry {
  name: string;
  displayName: string;
  products: Entry[];
}

const p = (id: string, name: string, price: number, shape: Shape, colour: string, accent: string): Entry => ({
  id,
  name,
  price,
  art: { shape, colour, accent },
});

const entries: CategoryEntry[] = [
  {
    name: 'jackets',
    displayName: 'Jaquetas',
    products: [
      p('jaqueta-couro-preta', 'Jaqueta de Couro Preta', 500, 'jacket', '#212529', '#ADB5BD'),
      p('blazer-bege', 'Blazer Bege', 400, 'blazer', '#D6C3A0', '#8A7350'),
      p('corta-vento-verde', 'Corta Vento Verde', 250, 'windbreaker', '#2F9E44', '#F8F9FA'),
      p('jaqueta-jeans-azul', 'Jaqueta Jeans Azul', 329.9, 'jacket', '#4C6EF5', '#DEE2E6'),
      p('parka-verde-oliva', 'Parka Verde-Oliva', 459.9, 'puffer', '#6B7B3A', '#3D4520'),
      p('jaqueta-bomber-vinho', 'Jaqueta Bomber Vinho', 289.9, 'jacket', '#7B1E3A', '#212529'),
      p('jaqueta-acolchoada-preta', 'Jaqueta Acolchoada Preta', 549.9, 'puffer', '#343A40', '#868E96'),
      p('blazer-xadrez-cinza', 'Blazer Xadrez Cinza', 420, 'blazer', '#868E96', '#495057'),
    ],
  },
  {
    name: 'sneakers',
    displayName: 'Tênis',
    products: [
      p('tenis-casual-branco', 'Tênis Casual Branco', 200, 'sneaker', '#F1F3F5', '#ADB5BD'),
      p('tenis-corrida-azul', 'Tênis de Corrida Azul', 399.9, 'sneaker', '#1C7ED6', '#F8F9FA'),
      p('tenis-cano-alto-preto', 'Tênis Cano Alto Preto', 650, 'hightop', '#212529', '#F8F9FA'),
      p('tenis-basquete-vermelho', 'Tênis de Basquete Vermelho', 1200, 'hightop', '#E03131', '#F8F9FA'),
      p('tenis-skate-cinza', 'Tênis de Skate Cinza', 349.9, 'sneaker', '#868E96', '#212529'),
      p('tenis-retro-verde', 'Tênis Retrô Verde', 800, 'sneaker', '#2B8A3E', '#FFF3BF'),
      p('tenis-couro-marrom', 'Tênis de Couro Marrom', 1500, 'hightop', '#8B5A2B', '#F1E3C8'),
      p('tenis-caminhada-laranja', 'Tênis de Caminhada Laranja', 279.9, 'sneaker', '#F76707', '#343A40'),
    ],
  },
  {
    name: 'male',
    displayName: 'Masculino',
    products: [
      p('calca-jeans', 'Calça Jeans', 300, 'pants', '#3B5BDB', '#DBE4FF'),
      p('camiseta-branca', 'Camiseta Branca', 100, 'tshirt', '#F8F9FA', '#ADB5BD'),
      p('regata-azul', 'Regata Azul', 150, 'tank', '#228BE6', '#D0EBFF'),
      p('camisa-xadrez-vermelha', 'Camisa Xadrez Vermelha', 189.9, 'shirt', '#C92A2A', '#212529'),
      p('camisa-polo-verde', 'Camisa Polo Verde', 159.9, 'polo', '#2F9E44', '#F8F9FA'),
      p('bermuda-sarja-caqui', 'Bermuda de Sarja Caqui', 129.9, 'shorts', '#C9B37E', '#8A7350'),
      p('moletom-cinza', 'Moletom Cinza com Capuz', 219.9, 'hoodie', '#868E96', '#495057'),
      p('calca-chino-marinho', 'Calça Chino Azul-Marinho', 239.9, 'pants', '#1B2A4A', '#495057'),
    ],
  },
  {
    name: 'female',
    displayName: 'Feminino',
    products: [
      p('vestido-vermelho', 'Vestido Vermelho', 250, 'dress', '#E03131', '#FFC9C9'),
      p('sueter-branco', 'Suéter Branco', 150, 'sweater', '#F8F9FA', '#CED4DA'),
      p('saia-midi-preta', 'Saia Midi Preta', 179.9, 'skirt', '#212529', '#495057'),
      p('blusa-listrada-azul', 'Blusa Listrada Azul', 119.9, 'blouse', '#F8F9FA', '#1C7ED6'),
      p('vestido-floral-amarelo', 'Vestido Floral Amarelo', 289.9, 'dress', '#FAB005', '#F8F9FA'),
      p('calca-pantalona-bege', 'Calça Pantalona Bege', 229.9, 'pants', '#D6C3A0', '#8A7350'),
      p('cardigan-rosa', 'Cardigã Rosa', 199.9, 'sweater', '#F783AC', '#FFDEEB'),
      p('macacao-jeans', 'Macacão Jeans', 339.9, 'jumpsuit', '#4C6EF5', '#DBE4FF'),
    ],
  },
  {
    name: 'hats',
    displayName: 'Chapéus',
    products: [
      p('chapeu-meia-noite', 'Chapéu Meia Noite', 110, 'fedora', '#1B2A4A', '#F8F9FA'),
      p('gorro-vermelho', 'Gorro Vermelho', 90, 'beanie', '#E03131', '#FFC9C9'),
      p('bone-branco', 'Boné Branco', 60, 'cap', '#F8F9FA', '#ADB5BD'),
      p('chapeu-panama-palha', 'Chapéu Panamá de Palha', 149.9, 'fedora', '#E9D8A6', '#212529'),
      p('bone-aba-reta-preto', 'Boné Aba Reta Preto', 89.9, 'cap', '#212529', '#FAB005'),
      p('chapeu-bucket-verde', 'Chapéu Bucket Verde', 79.9, 'bucket', '#2F9E44', '#B2F2BB'),
      p('gorro-trico-cinza', 'Gorro de Tricô Cinza', 69.9, 'beanie', '#868E96', '#DEE2E6'),
      p('boina-la-marrom', 'Boina de Lã Marrom', 99.9, 'beret', '#8B5A2B', '#5C3A1A'),
    ],
  },
];

export const productImageUrl = (productId: string) => `/images/${productId}.svg`;
export const categoryImageUrl = (categoryName: string) => `/images/categoria-${categoryName}.svg`;

/** The catalog as stored in Firestore: one document per category, document id = category id. */
export const catalog: readonly Category[] = entries.map((entry) => ({
  id: entry.name,
  name: entry.name,
  displayName: entry.displayName,
  imageUrl: categoryImageUrl(entry.name),
  products: entry.products.map(({ id, name, price }): Product => {
    const description = productDescriptions[id];
    return { id, name, price, imageUrl: productImageUrl(id), ...(description ? { description } : {}) };
  }),
}));

/** Illustration of every product, by product id (for scripts/generate-images.ts). */
export const productArt: ReadonlyMap<string, Art> = new Map(
  entries.flatMap((entry) => entry.products.map((product) => [product.id, product.art] as const)),
);

/** Products of each category, with their art, in display order (for the category tiles). */
export const categoryArt: ReadonlyMap<string, Art[]> = new Map(
  entries.map((entry) => [entry.name, entry.products.map((product) => product.art)] as const),
);

function validate(categories: readonly Category[]): void {
  const seen = new Set<string>();
  for (const category of categories) {
    assert(category, CategoryStruct, `seed/seedCatalog.ts: category "${category.id}" is invalid`);
    if (category.products.length < 7 || category.products.length > 8) {
      throw new Error(`seed/seedCatalog.ts: category "${category.id}" must have 7–8 products`);
    }
    for (const product of category.products) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(product.id)) {
        throw new Error(`seed/seedCatalog.ts: product id "${product.id}" is not a kebab-case slug`);
      }
      if (seen.has(product.id)) throw new Error(`seed/seedCatalog.ts: duplicate product id "${product.id}"`);
      seen.add(product.id);
    }
  }
}
validate(catalog);
