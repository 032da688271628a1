import { memoryCatalog } from '../../src/adapters/catalog/memory';
import { testCatalogPort } from './catalog.contract';

testCatalogPort('memoryCatalog', async (documents) => memoryCatalog(documents));
