import { randomUUID } from 'node:crypto';
import type { CreatedSession, PaymentProvider } from './paymentsPort';

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
 * a Stripe session, so the page survives a restart.
 */
export function createSimulatedProvider({ publicUrl }: { publicUrl: string }): PaymentProvider {
  return {
    name: 'simulated',
    async createCheckoutSession(): Promise<CreatedSession> {
      const id = newSimulatedSessionId();
      return { id, url: `${publicUrl}/pay/${encodeURIComponent(id)}` };
    },
  };
}
