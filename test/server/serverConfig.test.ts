// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/serverConfig';

describe('loadConfig', () => {
  it('defaults to local mode: port 5000, the storefront on 1234, the simulated provider', () => {
    expect(loadConfig({})).toEqual({
      port: 5000,
      host: '127.0.0.1',
      storefrontUrl: 'http://localhost:1234',
      publicUrl: 'http://localhost:5000',
      projectId: 'demo-club-clothing',
      firestoreEmulatorHost: undefined,
      authEmulatorHost: undefined,
      paymentProvider: 'simulated',
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      catalogCacheTtlMs: 60_000,
      pixExpiresAfterSeconds: 3600,
      boletoExpiresAfterDays: 3,
      shopperLimitMax: 20,
      shopperLimitWindowMs: 600_000,
      checkoutExpiresAfterMinutes: 30,
      expirySweepIntervalMs: 60_000,
      storefrontDistDir: undefined,
      pageCacheTtlMs: 10_000,
    });
  });

  it('reads the checkout sessions’ lifetime and the sweep’s interval (0: no sweep)', () => {
    expect(loadConfig({ CHECKOUT_EXPIRES_AFTER_MINUTES: '45', EXPIRY_SWEEP_INTERVAL_MS: '0' })).toMatchObject({
      checkoutExpiresAfterMinutes: 45,
      expirySweepIntervalMs: 0,
    });
    // The simulated page takes less than Stripe's least.
    expect(loadConfig({ CHECKOUT_EXPIRES_AFTER_MINUTES: '5' })).toMatchObject({ checkoutExpiresAfterMinutes: 5 });
  });

  it('reads every variable, trims trailing slashes, treats empty as unset', () => {
    const config = loadConfig({
      PORT: '8081',
      HOST: '0.0.0.0',
      STOREFRONT_URL: 'https://loja.example/',
      BACKEND_PUBLIC_URL: 'https://api.loja.example/',
      GCLOUD_PROJECT: 'club-prod',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      CATALOG_CACHE_TTL_MS: '5000',
      FIRESTORE_EMULATOR_HOST: '',
      PIX_EXPIRES_AFTER_SECONDS: '600',
      BOLETO_EXPIRES_AFTER_DAYS: '1',
    });
    expect(config).toMatchObject({ pixExpiresAfterSeconds: 600, boletoExpiresAfterDays: 1 });
    expect(config).toMatchObject({
      port: 8081,
      host: '0.0.0.0',
      storefrontUrl: 'https://loja.example',
      publicUrl: 'https://api.loja.example',
      paymentProvider: 'stripe',
      catalogCacheTtlMs: 5000,
      firestoreEmulatorHost: undefined,
    });
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER/],
    [{ PORT: 'abc' }, /PORT/],
    [{ STOREFRONT_URL: 'localhost:1234' }, /STOREFRONT_URL/],
    [{ CATALOG_CACHE_TTL_MS: '-1' }, /CATALOG_CACHE_TTL_MS/],
    [{ PIX_EXPIRES_AFTER_SECONDS: '5' }, /PIX_EXPIRES_AFTER_SECONDS/],
    [{ BOLETO_EXPIRES_AFTER_DAYS: '61' }, /BOLETO_EXPIRES_AFTER_DAYS/],
    [{ BOLETO_EXPIRES_AFTER_DAYS: '1.5' }, /BOLETO_EXPIRES_AFTER_DAYS/],
    [{ CHECKOUT_EXPIRES_AFTER_MINUTES: '0' }, /CHECKOUT_EXPIRES_AFTER_MINUTES/],
    [{ CHECKOUT_EXPIRES_AFTER_MINUTES: '1441' }, /CHECKOUT_EXPIRES_AFTER_MINUTES/],
    [
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', CHECKOUT_EXPIRES_AFTER_MINUTES: '29' },
      /CHECKOUT_EXPIRES_AFTER_MINUTES of 30 or more/,
    ],
    [{ EXPIRY_SWEEP_INTERVAL_MS: '-5' }, /EXPIRY_SWEEP_INTERVAL_MS/],
  ])('refuses %o at start', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
