import { memoryReturns } from '../../src/adapters/returns/memoryReturns';
import type { ReturnFailure } from '../../src/adapters/returns/returnsPort';
import { testReturnsPort, type ReturnsScenario } from './returns.contract';

const failures: Partial<Record<ReturnsScenario, Exclude<ReturnFailure, 'refused' | 'not-found'>>> = {
  'server-error': 'http',
  timeout: 'timeout',
  'network-down': 'network',
};

// The signed-in shopper's orders only: another shopper's are not held, so they are not found, as on the backend.
testReturnsPort('memoryReturns', async ({ scenario, mine, now }) => {
  const returns = memoryReturns({
    orders: mine,
    now: () => now,
    signedIn: () => scenario !== 'signed-out',
    failure: failures[scenario],
  });
  return { returns, received: () => returns.requests };
});
