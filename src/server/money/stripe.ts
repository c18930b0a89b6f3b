/**
 * The official Stripe client, made once from the configuration: null without STRIPE_SECRET_KEY, in
 * which case card and MobilePay say plainly that they are not set up (decision 0025).
 * STRIPE_API_URL points it at a local fake in tests and benchmarks.
 */
import Stripe from 'stripe';
import type { Config } from '../config';

const clients = new WeakMap<Config, Stripe | null>();

export function stripeFor(config: Config): Stripe | null {
  if (clients.has(config)) return clients.get(config)!;
  let client: Stripe | null = null;
  if (config.STRIPE_SECRET_KEY) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }
  clients.set(config, client);
  return client;
}

/** For verifying webhooks when Stripe is not configured: the signature check needs no key. */
export const verifier = new Stripe('sk_unused_for_verification');
