import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import type { CheckoutFailure } from '../../src/adapters/checkout/checkoutPort';
import { testCheckoutPort, type CheckoutScenario } from './checkout.contract';

const failures: Partial<Record<CheckoutScenario, CheckoutFailure>> = {
  'server-error': 'http',
  timeout: 'timeout',
  'answer-without-url': 'invalid-response',
  'network-down': 'network',
  conflict: 'conflict',
};
testCheckoutPort('memoryCheckout', async (scenario) => {
  const checkout = memoryCheckout({ failure: failures[scenario], signedIn: () => scenario !== 'signed-out' });
  return {
    checkout,
    received: () => checkout.requests,
    keys: () => checkout.keys,
    deliveries: () => checkout.deliveries,
  };
});
