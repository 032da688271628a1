// Units in stock of each product of seed/seedCatalog.ts (docs/requirements.md#stock), written by `npm run seed` to
// `products/{id}.stock` only. Fixed numbers, so every seeded shop starts alike: one hat sold out, one with its
// last units, the others between 8 and 40.
import { catalog } from './seedCatalog';

export const seedStock: Readonly<Record<string, number>> = {
  'jaqueta-couro-preta': 32,
  'blazer-bege': 20,
  'corta-vento-verde': 11,
  'jaqueta-jeans-azul': 20,
  'parka-verde-oliva': 33,
  'jaqueta-bomber-vinho': 29,
  'jaqueta-acolchoada-preta': 27,
  'blazer-xadrez-cinza': 30,
  'tenis-casual-branco': 28,
  'tenis-corrida-azul': 21,
  'tenis-cano-alto-preto': 27,
  'tenis-basquete-vermelho': 31,
  'tenis-skate-cinza': 29,
  'tenis-retro-verde': 27,
  'tenis-couro-marrom': 32,
  'tenis-caminhada-laranja': 8,
  'calca-jeans': 22,
  'camiseta-branca': 38,
  'regata-azul': 28,
  'camisa-xadrez-vermelha': 11,
  'camisa-polo-verde': 35,
  'bermuda-sarja-caqui': 31,
  'moletom-cinza': 38,
  'calca-chino-marinho': 22,
  'vestido-vermelho': 18,
  'sueter-branco': 31,
  'saia-midi-preta': 16,
  'blusa-listrada-azul': 29,
  'vestido-floral-amarelo': 27,
  'calca-pantalona-bege': 16,
  'cardigan-rosa': 13,
  'macacao-jeans': 11,
  'chapeu-meia-noite': 28,
  'gorro-vermelho': 19,
  'bone-branco': 17,
  'chapeu-panama-palha': 21,
  'bone-aba-reta-preto': 21,
  'chapeu-bucket-verde': 0,
  'gorro-trico-cinza': 19,
  'boina-la-marrom': 2,
};

// A product without its units would be sold untracked; a stray id would be written for nothing.
const productIds = new Set(catalog.flatMap((category) => category.products.map((product) => product.id)));
for (const id of productIds) if (!(id in seedStock)) throw new Error(`seed/seedStock.ts: product "${id}" has no stock`);
for (const id of Object.keys(seedStock))
  if (!productIds.has(id)) throw new Error(`seed/seedStock.ts: "${id}" is not a product of the catalog`);
