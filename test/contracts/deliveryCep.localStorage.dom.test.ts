// Runs on happy-dom's window.localStorage; a refusing storage throws the DOMExceptions browsers throw.
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../src/adapters/cartStorage/cartStoragePort';
import { createLocalStorageDeliveryCep } from '../../src/adapters/deliveryCep/localStorageDeliveryCep';
import { DELIVERY_CEP_STORAGE_KEY } from '../../src/adapters/deliveryCep/deliveryCepPort';
import { testDeliveryCepPort } from './deliveryCep.contract';

beforeEach(() => window.localStorage.clear());

const refusingStorage = {
  getItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem() {
    throw new DOMException('full', 'QuotaExceededError');
  },
} as unknown as Storage;

testDeliveryCepPort('createLocalStorageDeliveryCep (window.localStorage)', async (raw, { refusing } = {}) => {
  if (raw !== null) window.localStorage.setItem(DELIVERY_CEP_STORAGE_KEY, raw);
  const logs: string[] = [];
  const port = createLocalStorageDeliveryCep({
    storage: refusing ? refusingStorage : window.localStorage,
    log: (message) => logs.push(message),
  });
  return { port, raw: () => window.localStorage.getItem(DELIVERY_CEP_STORAGE_KEY), logged: () => logs };
});

describe('createLocalStorageDeliveryCep beside the saved cart', () => {
  it('leaves cartProducts as it was', () => {
    const cart = JSON.stringify([{ id: 'p1', name: 'Boné Branco', imageUrl: '/i.svg', price: 59.9, quantity: 1 }]);
    window.localStorage.setItem(CART_STORAGE_KEY, cart);
    createLocalStorageDeliveryCep({ storage: window.localStorage }).save('01310100');
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBe(cart);
    expect(window.localStorage.getItem(DELIVERY_CEP_STORAGE_KEY)).toBe('01310100');
  });
});
