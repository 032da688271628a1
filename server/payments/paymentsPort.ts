import { ClubError } from '../../src/domain';
import type { DeliveryQuote, DeliveryServiceId, OrderDelivery } from '../../src/domain/delivery';

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
  /** When the checkout stops being payable (epoch ms): its reservation ends then. */
  expiresAt: number;
}

export interface CreatedSession {
  /** The provider's session id (Stripe `cs_…`, simulated `cs_sim_…`). */
  id: string;
  /** The hosted payment page the browser goes to. */
  url: string;
  /** The provider's own expiry when it had to move the one asked for (Stripe's least is 30 min from its clock). */
  expiresAt?: number;
}

/** What asking the provider to end an unpaid session found: ended (now or before), or already paid for. */
export type ProviderExpiry = 'expired' | 'completed';

/**
 * The shopper's money given back for a whole order (docs/requirements.md#order-lifecycle): what was charged, the
 * products and the frete (amountDue). Kept on the order with its Reembolsado step.
 */
export interface RefundRecord {
  provider: 'stripe' | 'simulated';
  /** The provider's refund id (Stripe `re_…`, simulated `sim_refund_<order id>`). */
  id: string;
  /** In centavos. */
  amount: number;
  /** When the provider made it, in epoch ms. */
  at: number;
}

/**
 * What a refund reads of a paid order (server/store/sessionStorePort.ts's `Order` has it): whose payment it was,
 * what it charged (the products and the delivery's frete) and, for Stripe, its PaymentIntent.
 */
export interface RefundableOrder {
  id: string;
  provider: 'stripe' | 'simulated';
  /** The products, in centavos; the frete is `delivery.amount`. */
  amountTotal: number;
  delivery: OrderDelivery | null;
  paymentIntentId: string | null;
}

/** A payment provider that hosts the card form: Stripe Checkout, or our own simulated page. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'simulated';
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedSession>;
  /**
   * Gives back everything the order charged (amountDue: products and frete). Idempotent per order at the
   * provider (Stripe: the key `refund-<order id>`), so a retry after a failure to record it refunds once. Does not
   * check the order's life: the caller asks the lifecycle first. Throws PaymentProviderError when it cannot.
   */
  refund(order: RefundableOrder): Promise<RefundRecord>;
  /**
   * Ends an unpaid session at the provider, so its page cannot be paid any more (a checkout refused for stock, a
   * session the backend expires): `completed` when the shopper already paid it (the payment's event will settle it).
   * Throws PaymentProviderError when it cannot tell.
   */
  expireCheckoutSession(id: string): Promise<ProviderExpiry>;
}

/** The provider refused or could not be reached. The HTTP layer answers 502; the detail is only logged. */
export class PaymentProviderError extends ClubError {
  readonly providerCode: string | undefined;
  /** What the provider said, without our prefix (`npm run orders` shows it to the shop owner). */
  readonly detail: string;
  constructor(detail: string, options?: { cause?: unknown; providerCode?: string }) {
    super('payment/provider-failed', `Payment provider failed: ${detail}`, options);
    this.providerCode = options?.providerCode;
    this.detail = detail;
  }
}

/** An order paid through another provider than the one asked to refund it: nothing is refunded. */
export class WrongProviderError extends PaymentProviderError {
  readonly orderProvider: PaymentProvider['name'];
  readonly provider: PaymentProvider['name'];
  constructor(order: Pick<RefundableOrder, 'id' | 'provider'>, provider: PaymentProvider['name']) {
    super(`order ${order.id} was paid through ${order.provider}, not ${provider}`);
    this.orderProvider = order.provider;
    this.provider = provider;
  }
}

export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function amountTotal(lineItems: readonly LineItem[]): number {
  return lineItems.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}
