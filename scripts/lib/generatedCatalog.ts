// A generated catalog for scale (`npm run seed -- --products 100000`, the large-catalog bench): 20 clothing
// categories in pt-BR, products spread evenly across them, names, prices and descriptions drawn with a seeded
// faker (its own instance, so the global one the tests seed is left alone), images reused from seed/images.
// The same seed and size give the same catalog.
import { Faker, base, en, pt_BR } from '@faker-js/faker';
import type { Category, Product } from '../../src/domain';
import { LOW_STOCK_THRESHOLD } from '../../src/domain/stock';

export const GENERATED_CATALOG_SEED = 31;

interface Garment {
  name: string;
  /** Feminine noun: the colour agrees with it ("Camiseta Preta", "Tênis Preto"). */
  feminine: boolean;
}

interface Kind {
  id: string;
  displayName: string;
  /** The shop category whose tile illustration the category reuses. */
  tile: 'jackets' | 'sneakers' | 'male' | 'female' | 'hats';
  garments: Garment[];
  materials: string[];
  /** Files in seed/images. */
  images: string[];
  /** Whole reais. */
  price: [min: number, max: number];
}

const f = (name: string): Garment => ({ name, feminine: true });
const m = (name: string): Garment => ({ name, feminine: false });

export const GENERATED_KINDS: readonly Kind[] = [
  {
    id: 'camisetas',
    displayName: 'Camisetas',
    tile: 'male',
    garments: [f('Camiseta Básica'), f('Camiseta Estampada'), f('Camiseta Gola V'), f('Regata')],
    materials: ['Algodão', 'Algodão Orgânico', 'Malha', 'Viscose'],
    images: ['camiseta-branca', 'regata-azul'],
    price: [39, 149],
  },
  {
    id: 'camisas',
    displayName: 'Camisas',
    tile: 'male',
    garments: [f('Camisa Social'), f('Camisa Xadrez'), f('Camisa Polo'), f('Camisa de Botão')],
    materials: ['Algodão', 'Linho', 'Tricoline', 'Piquet'],
    images: ['camisa-xadrez-vermelha', 'camisa-polo-verde'],
    price: [89, 259],
  },
  {
    id: 'calcas',
    displayName: 'Calças',
    tile: 'male',
    garments: [f('Calça Jeans'), f('Calça Chino'), f('Calça Pantalona'), f('Calça Cargo')],
    materials: ['Jeans', 'Sarja', 'Linho', 'Viscose'],
    images: ['calca-jeans', 'calca-chino-marinho', 'calca-pantalona-bege'],
    price: [119, 329],
  },
  {
    id: 'bermudas',
    displayName: 'Bermudas e Shorts',
    tile: 'male',
    garments: [f('Bermuda'), f('Bermuda Cargo'), m('Short'), m('Short Esportivo')],
    materials: ['Sarja', 'Jeans', 'Tactel', 'Linho'],
    images: ['bermuda-sarja-caqui'],
    price: [69, 189],
  },
  {
    id: 'moletons',
    displayName: 'Moletons',
    tile: 'male',
    garments: [m('Moletom com Capuz'), m('Moletom Careca'), f('Jaqueta de Moletom')],
    materials: ['Algodão', 'Moletinho', 'Fleece'],
    images: ['moletom-cinza'],
    price: [149, 299],
  },
  {
    id: 'vestidos',
    displayName: 'Vestidos',
    tile: 'female',
    garments: [m('Vestido Midi'), m('Vestido Longo'), m('Vestido Curto'), m('Vestido Chemise')],
    materials: ['Viscose', 'Linho', 'Crepe', 'Malha'],
    images: ['vestido-vermelho', 'vestido-floral-amarelo'],
    price: [129, 399],
  },
  {
    id: 'saias',
    displayName: 'Saias',
    tile: 'female',
    garments: [f('Saia Midi'), f('Saia Plissada'), f('Saia Lápis'), f('Minissaia')],
    materials: ['Crepe', 'Jeans', 'Couro Sintético', 'Viscose'],
    images: ['saia-midi-preta'],
    price: [89, 249],
  },
  {
    id: 'blusas',
    displayName: 'Blusas',
    tile: 'female',
    garments: [f('Blusa Listrada'), f('Blusa de Alça'), f('Bata'), f('Blusa Cropped')],
    materials: ['Viscose', 'Algodão', 'Tricô', 'Cetim'],
    images: ['blusa-listrada-azul'],
    price: [59, 199],
  },
  {
    id: 'malhas',
    displayName: 'Suéteres e Cardigãs',
    tile: 'female',
    garments: [m('Suéter'), m('Cardigã'), m('Pulôver'), m('Colete')],
    materials: ['Tricô', 'Lã', 'Cashmere', 'Algodão'],
    images: ['sueter-branco', 'cardigan-rosa'],
    price: [129, 349],
  },
  {
    id: 'macacoes',
    displayName: 'Macacões',
    tile: 'female',
    garments: [m('Macacão'), m('Macaquinho'), f('Jardineira')],
    materials: ['Jeans', 'Linho', 'Viscose'],
    images: ['macacao-jeans'],
    price: [159, 389],
  },
  {
    id: 'jaquetas',
    displayName: 'Jaquetas',
    tile: 'jackets',
    garments: [f('Jaqueta Bomber'), f('Jaqueta Jeans'), f('Jaqueta Biker'), f('Jaqueta Trucker')],
    materials: ['Couro', 'Jeans', 'Nylon', 'Camurça'],
    images: ['jaqueta-couro-preta', 'jaqueta-jeans-azul', 'jaqueta-bomber-vinho'],
    price: [199, 699],
  },
  {
    id: 'casacos',
    displayName: 'Casacos e Parkas',
    tile: 'jackets',
    garments: [f('Parka'), m('Casaco Acolchoado'), m('Sobretudo'), m('Trench Coat')],
    materials: ['Lã', 'Nylon', 'Gabardine', 'Matelassê'],
    images: ['parka-verde-oliva', 'jaqueta-acolchoada-preta'],
    price: [299, 899],
  },
  {
    id: 'blazers',
    displayName: 'Blazers',
    tile: 'jackets',
    garments: [m('Blazer'), m('Blazer Alongado'), m('Blazer Xadrez')],
    materials: ['Linho', 'Alfaiataria', 'Lã Fria', 'Veludo'],
    images: ['blazer-bege', 'blazer-xadrez-cinza'],
    price: [249, 599],
  },
  {
    id: 'corta-ventos',
    displayName: 'Corta-Ventos',
    tile: 'jackets',
    garments: [m('Corta-Vento'), f('Jaqueta Impermeável'), m('Anoraque')],
    materials: ['Nylon', 'Poliéster', 'Tactel'],
    images: ['corta-vento-verde'],
    price: [179, 449],
  },
  {
    id: 'tenis-corrida',
    displayName: 'Tênis de Corrida',
    tile: 'sneakers',
    garments: [m('Tênis de Corrida'), m('Tênis de Caminhada'), m('Tênis de Treino')],
    materials: ['Mesh', 'Knit', 'Malha Respirável'],
    images: ['tenis-corrida-azul', 'tenis-caminhada-laranja'],
    price: [249, 899],
  },
  {
    id: 'tenis-casuais',
    displayName: 'Tênis Casuais',
    tile: 'sneakers',
    garments: [m('Tênis Casual'), m('Tênis Retrô'), m('Tênis de Skate'), m('Slip-On')],
    materials: ['Lona', 'Couro', 'Camurça', 'Couro Sintético'],
    images: ['tenis-casual-branco', 'tenis-retro-verde', 'tenis-skate-cinza'],
    price: [179, 699],
  },
  {
    id: 'tenis-cano-alto',
    displayName: 'Tênis Cano Alto',
    tile: 'sneakers',
    garments: [m('Tênis Cano Alto'), m('Tênis de Basquete'), f('Bota Sneaker')],
    materials: ['Couro', 'Lona', 'Camurça'],
    images: ['tenis-cano-alto-preto', 'tenis-basquete-vermelho', 'tenis-couro-marrom'],
    price: [299, 1499],
  },
  {
    id: 'bones',
    displayName: 'Bonés',
    tile: 'hats',
    garments: [m('Boné Aba Reta'), m('Boné Aba Curva'), m('Boné Trucker'), f('Viseira')],
    materials: ['Algodão', 'Sarja', 'Tela', 'Veludo Cotelê'],
    images: ['bone-aba-reta-preto', 'bone-branco'],
    price: [49, 159],
  },
  {
    id: 'chapeus',
    displayName: 'Chapéus',
    tile: 'hats',
    garments: [m('Chapéu Panamá'), m('Chapéu Bucket'), m('Chapéu Fedora'), f('Boina')],
    materials: ['Palha', 'Feltro', 'Lã', 'Algodão'],
    images: ['chapeu-panama-palha', 'chapeu-bucket-verde', 'chapeu-meia-noite', 'boina-la-marrom'],
    price: [69, 299],
  },
  {
    id: 'gorros',
    displayName: 'Gorros',
    tile: 'hats',
    garments: [m('Gorro'), m('Gorro com Pompom'), f('Touca')],
    materials: ['Tricô', 'Lã', 'Fleece', 'Acrílico'],
    images: ['gorro-trico-cinza', 'gorro-vermelho'],
    price: [39, 129],
  },
];

/** [masculine, feminine] */
const COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['Preto', 'Preta'],
  ['Branco', 'Branca'],
  ['Azul', 'Azul'],
  ['Vermelho', 'Vermelha'],
  ['Verde', 'Verde'],
  ['Cinza', 'Cinza'],
  ['Bege', 'Bege'],
  ['Marrom', 'Marrom'],
  ['Amarelo', 'Amarela'],
  ['Rosa', 'Rosa'],
  ['Vinho', 'Vinho'],
  ['Azul-Marinho', 'Azul-Marinho'],
  ['Caqui', 'Caqui'],
  ['Laranja', 'Laranja'],
  ['Roxo', 'Roxa'],
  ['Verde-Oliva', 'Verde-Oliva'],
  ['Off-White', 'Off-White'],
  ['Grafite', 'Grafite'],
  ['Mostarda', 'Mostarda'],
  ['Terracota', 'Terracota'],
];

const DETAILS = [
  'Caimento confortável para o dia a dia.',
  'Costuras reforçadas e acabamento caprichado.',
  'Combina com peças básicas e estampadas.',
  'Lavar à mão ou na máquina, em água fria.',
  'Modelagem pensada para o clima brasileiro.',
  'Uma peça versátil, do trabalho ao fim de semana.',
  'Tecido macio que mantém a forma após as lavagens.',
  'Produzido em pequena escala, com cuidado nos detalhes.',
];

/** Centavos a shop would print: R$ 89,00, R$ 89,90, R$ 89,99 or R$ 89,50. */
const CENTAVOS = [0, 90, 99, 50];

/**
 * `products` products in 20 categories (in display order; the first `products % 20` categories get one more).
 * Product ids are `<category id>-<n>` with n zero-padded, so they sort in position order.
 */
export function generateCatalog({
  products,
  seed = GENERATED_CATALOG_SEED,
}: {
  products: number;
  seed?: number;
}): Category[] {
  if (!Number.isInteger(products) || products < 0)
    throw new RangeError(`products must be a whole number ≥ 0, got ${products}`);
  const faker = new Faker({ locale: [pt_BR, en, base] });
  faker.seed(seed);
  const kinds = GENERATED_KINDS.length;
  const digits = String(Math.ceil(products / kinds)).length;
  return GENERATED_KINDS.map((kind, k) => {
    const count = Math.floor(products / kinds) + (k < products % kinds ? 1 : 0);
    const list: Product[] = Array.from({ length: count }, (_, i) => {
      const garment = faker.helpers.arrayElement(kind.garments);
      const material = faker.helpers.arrayElement(kind.materials);
      const [masculine, feminine] = faker.helpers.arrayElement(COLOURS);
      const colour = garment.feminine ? feminine : masculine;
      const reais = faker.number.int({ min: kind.price[0], max: kind.price[1] });
      const centavos = faker.helpers.arrayElement(CENTAVOS);
      return {
        id: `${kind.id}-${String(i + 1).padStart(digits, '0')}`,
        name: `${garment.name} de ${material} ${colour}`,
        imageUrl: `/images/${faker.helpers.arrayElement(kind.images)}.svg`,
        price: (reais * 100 + centavos) / 100,
        description: `${garment.name} de ${material.toLowerCase()} na cor ${colour.toLowerCase()}. ${faker.helpers.arrayElement(DETAILS)}`,
      };
    });
    return {
      id: kind.id,
      displayName: kind.displayName,
      imageUrl: `/images/categoria-${kind.tile}.svg`,
      name: kind.id,
      products: list,
    };
  });
}

/**
 * Units in stock per product of a generated catalog (docs/requirements.md#stock), drawn from a faker of its own
 * (the catalog's draws, and so its products, stay what they were before stock existed): about 4 % sold out, 8 %
 * with their last 1–3 units, the rest 8–40. The first product is always sold out and the second low, so even a
 * small catalog shows both. The same catalog and seed give the same stock.
 */
export function generatedStock(categories: readonly Category[], seed = GENERATED_CATALOG_SEED): Record<string, number> {
  const faker = new Faker({ locale: [base] });
  faker.seed(seed + 1);
  const stock: Record<string, number> = {};
  categories
    .flatMap((category) => category.products)
    .forEach((product, index) => {
      const roll = faker.number.int({ min: 1, max: 100 });
      const drawn =
        roll <= 4
          ? 0
          : roll <= 12
            ? faker.number.int({ min: 1, max: LOW_STOCK_THRESHOLD })
            : faker.number.int({ min: 8, max: 40 });
      stock[product.id] = index === 0 ? 0 : index === 1 ? 2 : drawn;
    });
  return stock;
}
