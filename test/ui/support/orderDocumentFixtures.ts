// Stored `checkoutSessions` documents for the order pages' tests, as the payments backend writes them.

/**
 * A paid card order of two Jaquetas de Couro Preta (R$ 1.000,00) by Ana (uid-ana), created at noon in Brasília
 * on 19 Nov 2026, without delivery. A test overrides what it is about.
 */
export function aSessionDocument(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const createdAt = Date.UTC(2026, 10, 19, 15, 0);
  return {
    id,
    provider: 'simulated',
    status: 'paid',
    uid: 'uid-ana',
    email: 'ana@example.com',
    lineItems: [{ productId: 'j1', name: 'Jaqueta de Couro Preta', unitAmount: 50000, quantity: 2 }],
    amountTotal: 100000,
    currency: 'brl',
    successUrl: 'http://x/ok',
    cancelUrl: 'http://x/cancel',
    createdAt,
    expiresAt: createdAt + 86_400_000,
    finishedAt: null,
    paymentMethod: 'card',
    pix: null,
    boleto: null,
    idempotencyKey: null,
    ...overrides,
  };
}
