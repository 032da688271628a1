import { DEFAULT_PORTS, DEMO_PROJECT_ID, LOCAL_URLS, LOOPBACK_HOST } from '../src/sharedConstants';
import {
  coerce,
  enums,
  integer,
  min,
  number,
  object,
  optional,
  string,
  create,
  defaulted,
  pattern,
  size,
} from 'superstruct';

/**
 * The backend's settings, read from the environment once and validated.
 * Anything wrong here stops the process at start with a clear message instead of failing on the first checkout.
 */
const Url = pattern(string(), /^https?:\/\/[^\s/]+(\/.*)?$/);
const Port = coerce(integer(), string(), (value) => Number(value));
const Millis = coerce(min(number(), 0), string(), (value) => Number(value));

/** How long a checkout session can be paid, and its units stay reserved: Stripe's least (30 min). */
export const DEFAULT_CHECKOUT_EXPIRES_AFTER_MINUTES = 30;
/** How often the long-running server expires the checkout sessions past their deadline. */
export const DEFAULT_EXPIRY_SWEEP_INTERVAL_MS = 60_000;

const ConfigStruct = object({
  PORT: defaulted(Port, DEFAULT_PORTS.backend),
  HOST: defaulted(size(string(), 1, 255), LOOPBACK_HOST),
  STOREFRONT_URL: defaulted(Url, LOCAL_URLS.storefront),
  BACKEND_PUBLIC_URL: defaulted(Url, LOCAL_URLS.backend),
  GCLOUD_PROJECT: defaulted(size(string(), 1, 100), DEMO_PROJECT_ID),
  FIRESTORE_EMULATOR_HOST: optional(string()),
  FIREBASE_AUTH_EMULATOR_HOST: optional(string()),
  PAYMENT_PROVIDER: defaulted(enums(['simulated', 'stripe']), 'simulated'),
  STRIPE_SECRET_KEY: optional(string()),
  STRIPE_WEBHOOK_SECRET: optional(string()),
  CATALOG_CACHE_TTL_MS: defaulted(Millis, 60_000),
  PIX_EXPIRES_AFTER_SECONDS: defaulted(
    coerce(size(integer(), 10, 1_209_600), string(), (value) => Number(value)),
    3600,
  ),
  BOLETO_EXPIRES_AFTER_DAYS: defaulted(
    coerce(size(integer(), 0, 60), string(), (value) => Number(value)),
    3,
  ),
  SHOPPER_LIMIT_MAX: defaulted(
    coerce(min(integer(), 1), string(), (value) => Number(value)),
    20,
  ),
  SHOPPER_LIMIT_WINDOW_MS: defaulted(
    coerce(min(integer(), 1000), string(), (value) => Number(value)),
    10 * 60_000,
  ),
  // Stripe takes 30 min to 24 h; the simulated page any whole number of minutes up to a day.
  CHECKOUT_EXPIRES_AFTER_MINUTES: defaulted(
    coerce(size(integer(), 1, 1440), string(), (value) => Number(value)),
    DEFAULT_CHECKOUT_EXPIRES_AFTER_MINUTES,
  ),
  // 0 turns the server's sweep off (a Cloud Function has the scheduled one instead).
  EXPIRY_SWEEP_INTERVAL_MS: defaulted(Millis, DEFAULT_EXPIRY_SWEEP_INTERVAL_MS),
  STOREFRONT_DIST_DIR: optional(size(string(), 1, 4096)),
  PAGE_CACHE_TTL_MS: defaulted(Millis, 10_000),
});

export interface ServerConfig {
  port: number;
  host: string;
  /** Origin and base of the storefront: CORS allows only this origin; payment redirects land here. */
  storefrontUrl: string;
  /** Where the backend is reachable from the shopper's browser (the simulated payment page's links). */
  publicUrl: string;
  projectId: string;
  firestoreEmulatorHost: string | undefined;
  authEmulatorHost: string | undefined;
  paymentProvider: 'simulated' | 'stripe';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  catalogCacheTtlMs: number;
  /** How long a Pix code can be paid (Stripe and the simulated page). */
  pixExpiresAfterSeconds: number;
  /** Days until a boleto is due. */
  boletoExpiresAfterDays: number;
  /** Checkout sessions one shopper may create per window, over every instance (Firestore counters). */
  shopperLimitMax: number;
  shopperLimitWindowMs: number;
  /** How long a checkout session can be paid and holds its units, in minutes. */
  checkoutExpiresAfterMinutes: number;
  /** How often `npm run server` expires the checkouts past their deadline, giving their units back; 0: never. */
  expirySweepIntervalMs: number;
  /** The storefront build whose app shell catalog pages rendered on request fill; unset: no page routes. */
  storefrontDistDir: string | undefined;
  /** How long a rendered page or sitemap is kept in the instance's memory (0: not kept). */
  pageCacheTtlMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Empty strings count as unset so `FOO= npm run server` means "default".
  const present = Object.fromEntries(
    Object.keys(ConfigStruct.schema).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const c = create(present, ConfigStruct);
  if (c.PAYMENT_PROVIDER === 'stripe' && !c.STRIPE_SECRET_KEY) {
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (the secret key stays on the backend).');
  }
  if (c.PAYMENT_PROVIDER === 'stripe' && c.CHECKOUT_EXPIRES_AFTER_MINUTES < 30) {
    throw new Error('PAYMENT_PROVIDER=stripe needs CHECKOUT_EXPIRES_AFTER_MINUTES of 30 or more (Stripe’s least).');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    storefrontUrl: trimSlash(c.STOREFRONT_URL),
    publicUrl: trimSlash(c.BACKEND_PUBLIC_URL),
    projectId: c.GCLOUD_PROJECT,
    firestoreEmulatorHost: c.FIRESTORE_EMULATOR_HOST,
    authEmulatorHost: c.FIREBASE_AUTH_EMULATOR_HOST,
    paymentProvider: c.PAYMENT_PROVIDER,
    stripeSecretKey: c.STRIPE_SECRET_KEY,
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
    catalogCacheTtlMs: c.CATALOG_CACHE_TTL_MS,
    pixExpiresAfterSeconds: c.PIX_EXPIRES_AFTER_SECONDS,
    boletoExpiresAfterDays: c.BOLETO_EXPIRES_AFTER_DAYS,
    shopperLimitMax: c.SHOPPER_LIMIT_MAX,
    shopperLimitWindowMs: c.SHOPPER_LIMIT_WINDOW_MS,
    checkoutExpiresAfterMinutes: c.CHECKOUT_EXPIRES_AFTER_MINUTES,
    expirySweepIntervalMs: c.EXPIRY_SWEEP_INTERVAL_MS,
    storefrontDistDir: c.STOREFRONT_DIST_DIR,
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS,
  };
}
