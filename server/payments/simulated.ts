import { randomUUID } from 'node:crypto';
import { amountDue } from '../store/sessionStorePort';
import { WrongProviderError, type CreatedSession, type PaymentProvider, type RefundRecord } from './paymentsPort';

/**
 * Session ids are unguessable (122 random bits): knowing one is what lets a browser open (and pay) its page.
 * randomUUID draws from a cached entropy pool; randomBytes(n) made a system call per checkout (7 % of the
 * server's CPU in `npm run bench:server`).
 */
export function newSimulatedSessionId(): string {
  return `cs_sim_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The default provider: no card network, the backend hosts its own payment page at `/pay/:sessionId`
 * (server/payments/payPageMarkup.ts). The session itself is stored by the route through the CheckoutStore, like
 * a Stripe session, so the page survives a restart. A refund moves no money: it is the record of one, its id
 * named after the order (the same order, the same refund), its time from `now`.
 */
export function createSimulatedProvider({
  publicUrl,
  now = Date.now,
}: {
  publicUrl: string;
  now?: () => number;
}): PaymentProvider {
  return {
    name: 'simulated',
    async createCheckoutSession(): Promise<CreatedSession> {
      const id = newSimulatedSessionId();
      return { id, url: `${publicUrl}/pay/${encodeURIComponent(id)}` };
    },
    // Our own page reads the stored session: once it is settled nothing there can pay it.
    async expireCheckoutSession() {
      return 'expired';
    },
    async refund(order): Promise<RefundRecord> {
      // A card charged through Stripe is not given back by a record of our own.
      if (order.provider !== 'simulated') throw new WrongProviderError(order, 'simulated');
      return { provider: 'simulated', id: `sim_refund_${order.id}`, amount: amountDue(order), at: now() };
    },
  };
}
