// @vitest-environment node
// The simulated provider's refund (docs/requirements.md#order-lifecycle): no money moves, the record says what would
// have gone back, the products and the frete; an order paid through Stripe is not its to refund.
import { describe, expect, it } from 'vitest';
import { PaymentProviderError, WrongProviderError } from '../../server/payments/paymentsPort';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aDelivery, aSession } from './checkoutStore.contract';

const paidAt = 1_700_000_060_000;
const canceledAt = 1_700_014_460_000;
const refundedAt = 1_700_018_060_000;

/** Ana's two jackets and a cap (R$ 1.059,70) with R$ 34,90 of frete, paid by Pix through the store, then canceled. */
async function aCanceledOrder(provider: 'simulated' | 'stripe' = 'simulated') {
  const store = createMemoryStore();
  const session = aSession({ provider, delivery: aDelivery({ amount: 3490 }), expiresAt: paidAt + 3_600_000 });
  await store.saveSession(session);
  await store.settle(session.id, 'paid', paidAt, { paymentMethod: 'pix' });
  await store.stepOrder(session.id, { type: 'cancelar', at: canceledAt });
  return { store, order: (await store.getOrder(session.id))! };
}

describe('simulated refund', () => {
  it('gives back the products and the frete, named after the order, at its clock; the store records it', async () => {
    const { store, order } = await aCanceledOrder();
    const provider = createSimulatedProvider({ publicUrl: 'http://backend.test', now: () => refundedAt });
    const refund = await provider.refund(order);
    expect(refund).toEqual({ provider: 'simulated', id: `sim_refund_${order.id}`, amount: 109460, at: refundedAt });
    // The same order, the same refund: nothing is counted twice.
    expect(await provider.refund(order)).toEqual(refund);
    expect(await store.recordRefund(order.id, refund)).toMatchObject({
      kind: 'applied',
      order: {
        refund,
        fulfilment: { status: 'reembolsado', history: [{}, {}, { status: 'reembolsado', at: refundedAt }] },
      },
    });
  });

  it('an order paid through Stripe: refused, no record made', async () => {
    const { order } = await aCanceledOrder('stripe');
    const provider = createSimulatedProvider({ publicUrl: 'http://backend.test' });
    await expect(provider.refund(order)).rejects.toSatisfy(
      (error) =>
        error instanceof WrongProviderError &&
        error instanceof PaymentProviderError &&
        error.orderProvider === 'stripe' &&
        error.provider === 'simulated',
    );
  });
});
