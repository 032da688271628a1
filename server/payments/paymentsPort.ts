import { ClubError } from '../../src/domain';
import type { DeliveryQuote, DeliveryServiceId } from '../../src/domain/delivery';

/** One priced line, built on the server from the catalog: the client's price never gets here. */
export interface LineItem {
  productId: string;
  name: string;
  /** Price of one unit in centavos (R$ 99,90 → 9990). */
  unitAmount: number;
  quantity: number;
}

export interface CheckoutRequest {
  lineItems: LineItem[];
  /** The server's quote and the service the shopper chose; null when the request asked for no delivery. */
  delivery: { quote: DeliveryQuote; service: DeliveryServiceId } | null;
  currency: 'brl';
  /** The verified shopper (from the Firebase ID token). */
  customer: { uid: string; email: string | undefined };
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider (Stripe's convention). */
  successUrl: string;
  cancelUrl: string;
  /** Unique per incoming request: a retried call to the provider cannot create a second session. */
  idempotencyKey: string;
}

export interface CreatedSession {
  /** The provider's session id (Stripe `cs_…`, simulated `cs_sim_…`). */
  id: string;
  /** The hosted payment page the browser goes to. */
  url: string;
}

/** A payment provider that hosts the card form: Stripe Checkout, or our own simulated page. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'simulated';
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedSession>;
}

/** The provider refused or could not be reached. The HTTP layer answers 502; the detail is only logged. */
export class PaymentProviderError extends ClubError {
  readonly providerCode: string | undefined;
  constructor(detail: string, options?: { cause?: unknown; providerCode?: string }) {
    super('payment/provider-failed', `Payment provider failed: ${detail}`, options);
    this.providerCode = options?.providerCode;
  }
}

export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function amountTotal(lineItems: readonly LineItem[]): number {
  return lineItems.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}
