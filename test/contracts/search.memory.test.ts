// @vitest-environment node
import { memorySearch } from '../../src/adapters/search/memorySearch';
import { testSearchPort } from './search.contract';

testSearchPort('memorySearch (the index the storefront builds)', async (categories) => memorySearch(categories));
