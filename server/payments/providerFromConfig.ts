import type Stripe from 'stripe';
import type { ServerConfig } from '../serverConfig';
import type { PaymentProvider } from './paymentsPort';
import { createSimulatedProvider } from './simulated';
import { createStripeClient, createStripeProvider } from './stripe';

export type PaymentSettings = Pick<
  ServerConfig,
  'paymentProvider' | 'stripeSecretKey' | 'publicUrl' | 'pixExpiresAfterSeconds' | 'boletoExpiresAfterDays'
>;

/**
 * The payment provider the settings name, chosen as the backend chooses it (server/main.ts): Stripe with
 * PAYMENT_PROVIDER=stripe and its secret key, otherwise the simulated page (`npm start`'s default).
 * `npm run orders -- reembolsar` refunds through it. `stripe` replaces the client made from the key (tests point
 * one at a local server); `now` is the simulated refund's clock.
 */
export function paymentProviderFor(
  config: PaymentSettings,
  { stripe, now }: { stripe?: Stripe; now?: () => number } = {},
): PaymentProvider {
  const key = config.stripeSecretKey;
  const client =
    config.paymentProvider === 'stripe' ? (stripe ?? (key ? createStripeClient({ secretKey: key }) : null)) : null;
  if (client) {
    return createStripeProvider({
      stripe: client,
      pixExpiresAfterSeconds: config.pixExpiresAfterSeconds,
      boletoExpiresAfterDays: config.boletoExpiresAfterDays,
    });
  }
  return createSimulatedProvider({ publicUrl: config.publicUrl, ...(now ? { now } : {}) });
}
