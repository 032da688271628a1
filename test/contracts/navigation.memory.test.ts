import { memoryNavigation } from '../../src/adapters/navigation/memoryNavigation';
import { testNavigationPort } from './navigation.contract';

testNavigationPort('memoryNavigation', (start) => {
  const port = memoryNavigation(start);
  return { port, back: () => port.back(), length: () => port.entries().length };
});
