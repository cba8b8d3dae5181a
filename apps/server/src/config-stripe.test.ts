import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** PAYMENT_PROVIDER=stripe at boot (decision 0031): what is required, the alias, the API address. */
describe('Stripe configuration', () => {
  it('refuses to start without the keys, naming each missing variable', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
  });

  it('accepts PAYMENTS_PROVIDER as the same setting, refuses the two disagreeing', () => {
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.PAYMENT_PROVIDER).toBe('stripe');
    expect(config.stripe).toMatchObject({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
      connectWebhookSecret: null,
    });
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
      }).stripe!.connectWebhookSecret,
    ).toBe('whsec_connect');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'offPlatform', PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /PAYMENTS_PROVIDER/,
    );
  });

  it('parses STRIPE_API_BASE into the SDK’s host, port and protocol; off-platform needs nothing', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({}).stripe).toBeNull();
  });
});
