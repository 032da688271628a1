// `npx tsx scripts/bench/productStockReads.ts`: the Firestore reads the live stock adds, per page, counted by the
// memory catalog's read counter (billed as Firestore bills them; test/contracts/catalog.contract.ts checks that it
// does) over the seeded shop with its units (seed/seedStock.ts). No emulator needed: the counts are the queries'.
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { catalog } from '../../seed/seedCatalog';
import { seedStock } from '../../seed/seedStock';

const categories = Object.fromEntries(catalog.map((category) => [category.id, categoryDocumentOf(category)]));
const products = Object.fromEntries(
  catalog.flatMap((category) =>
    productDocumentsOf(category).map((document) => [document.id, { ...document, stock: seedStock[document.id] }]),
  ),
);

async function readsOf(name: string, read: (port: ReturnType<typeof memoryCatalog>) => Promise<unknown>) {
  const port = memoryCatalog(categories, { products });
  await read(port);
  console.log(`${name.padEnd(58)} ${port.reads} read${port.reads === 1 ? '' : 's'}`);
}

const hats = catalog.find((category) => category.id === 'hats')!;
await readsOf('product page (its own document: getStock([id]))', (port) => port.getStock(['chapeu-bucket-verde']));
for (const category of catalog)
  await readsOf(`category page /category/${category.id} (listLowStock)`, (port) => port.listLowStock([category.id]));
await readsOf('/explore and /search (every category, one query)', (port) =>
  port.listLowStock(catalog.map((category) => category.id)),
);
await readsOf(`cart of the ${hats.products.length} hats (getStock of its lines)`, (port) =>
  port.getStock(hats.products.map((product) => product.id)),
);
