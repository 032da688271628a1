import { faker } from '@faker-js/faker';
import type { CartItem, Category, Product, UserProfile } from '../../src/domain';
import type { DeliveryAddress, OrderDelivery } from '../../src/domain/delivery';
import type { Fulfilment } from '../../src/domain/fulfilment';

/** Test-data builders: `aProduct().withPrice(99.9).build()`. Faker fills what a test does not care about;
 *  test/support/faker.setup.ts seeds it before each test, so the data is the same on every run. */
export function aProduct(overrides: Partial<Product> = {}) {
  const product: Product = {
    id: faker.string.alphanumeric(10),
    name: faker.commerce.productName(),
    imageUrl: `/images/${faker.string.alphanumeric(8)}.webp`,
    price: Number(faker.commerce.price({ min: 10, max: 1500, dec: 2 })),
    ...overrides,
  };
  return {
    withId: (id: string) => aProduct({ ...product, id }),
    withName: (name: string) => aProduct({ ...product, name }),
    withPrice: (price: number) => aProduct({ ...product, price }),
    build: (): Product => ({ ...product }),
  };
}

export function aCartItem(overrides: Partial<CartItem> = {}) {
  const item: CartItem = { ...aProduct().build(), quantity: 1, ...overrides };
  return {
    of: (product: Product) => aCartItem({ ...item, ...product }),
    withQuantity: (quantity: number) => aCartItem({ ...item, quantity }),
    withPrice: (price: number) => aCartItem({ ...item, price }),
    build: (): CartItem => ({ ...item }),
  };
}

export function aCategory(overrides: Partial<Category> = {}) {
  const name = faker.string.alpha({ length: 8, casing: 'lower' });
  const category: Category = {
    id: name,
    name,
    displayName: faker.commerce.department(),
    imageUrl: `/images/${name}.webp`,
    products: [aProduct().build(), aProduct().build()],
    ...overrides,
  };
  return {
    withId: (id: string) => aCategory({ ...category, id, name: id }),
    withProducts: (products: Product[]) => aCategory({ ...category, products }),
    build: (): Category => structuredClone(category),
  };
}

export function aUserProfile(overrides: Partial<UserProfile> = {}) {
  const profile: UserProfile = {
    id: faker.string.alphanumeric(28),
    email: faker.internet.email().toLowerCase(),
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    provider: 'firebase',
    ...overrides,
  };
  return {
    withId: (id: string) => aUserProfile({ ...profile, id }),
    withProvider: (provider: UserProfile['provider']) => aUserProfile({ ...profile, provider }),
    build: (): UserProfile => ({ ...profile }),
  };
}

/**
 * A delivery address: Ana Souza, Rua Augusta, 100 — São Paulo/SP (CEP 01310-100, stored without its hyphen).
 * Written out rather than faked: the CEP, the UF and the city must agree, and tests read them back.
 */
export function anAddress(overrides: Partial<DeliveryAddress> = {}) {
  const address: DeliveryAddress = {
    recipient: 'Ana Souza',
    cep: '01310100',
    street: 'Rua Augusta',
    number: '100',
    complement: '',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    uf: 'SP',
    ...overrides,
  };
  return {
    withRecipient: (recipient: string) => anAddress({ ...address, recipient }),
    withComplement: (complement: string) => anAddress({ ...address, complement }),
    build: (): DeliveryAddress => ({ ...address }),
  };
}

/**
 * `checkoutSessions/{id}.delivery` once the shopper's address is in: Expressa (R$ 34,90, 1–2 business days,
 * 3 to 7 Dec 2026) to anAddress(), no review.
 */
export function anOrderDelivery(overrides: Partial<OrderDelivery> = {}) {
  const delivery: OrderDelivery = {
    cep: '01310100',
    uf: 'SP',
    service: 'expressa',
    serviceName: 'Expressa',
    amount: 3490,
    businessDays: { min: 1, max: 2 },
    window: { from: '2026-12-03', to: '2026-12-07' },
    address: anAddress().build(),
    review: null,
    ...overrides,
  };
  return {
    withAddress: (address: DeliveryAddress | null) => anOrderDelivery({ ...delivery, address }),
    withoutAddress: () => anOrderDelivery({ ...delivery, address: null }),
    build: (): OrderDelivery => structuredClone(delivery),
  };
}

/**
 * An order paid on 20/11/2026 at 12:00 in Brasília, picked and sent a day apart with the code QB987654321BR, and
 * delivered at `deliveredAt`: the starting point of a return.
 */
export function aDeliveredFulfilment(deliveredAt: number): Fulfilment {
  const day = 86_400_000;
  const paidAt = Date.UTC(2026, 10, 20, 15, 0);
  return {
    status: 'entregue',
    history: [
      { status: 'pago', at: paidAt },
      { status: 'em_separacao', at: paidAt + day },
      { status: 'enviado', at: paidAt + 2 * day },
      { status: 'entregue', at: deliveredAt },
    ],
    trackingCode: 'QB987654321BR',
    deliveredAt,
    returnReason: null,
  };
}
