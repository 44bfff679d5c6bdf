// Which payment gateway this process uses: Stripe with the configured keys; without them, outside production,
// the stand-in on loopback (started at the first checkout, so a process that takes no payment opens no port);
// in production without keys, none (online payment is unavailable, cheques still work).
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { CLOCK, type Clock } from '../common/principal.js';
import { API_CONFIG } from '../store/store.tokens.js';
import type { PaymentGateway } from './payment-gateway.port.js';
import { startStripeStandIn, type StripeStandIn } from './stand-in/stripe-stand-in.js';
import { StripeCheckoutGateway } from './stripe-checkout.gateway.js';

/** The route Stripe (or the stand-in) posts its signed callbacks to. */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

@Injectable()
export class PaymentGateways implements OnApplicationShutdown {
  private gateway: Promise<PaymentGateway | null> | null = null;
  private standIn: StripeStandIn | null = null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The gateway, or null when none may be used here. */
  current(): Promise<PaymentGateway | null> {
    this.gateway ??= this.open();
    return this.gateway;
  }

  private async open(): Promise<PaymentGateway | null> {
    const { stripeSecretKey, stripeWebhookSecret, stripeApiUrl } = this.config;
    if (stripeSecretKey && stripeWebhookSecret)
      return new StripeCheckoutGateway({ secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, apiUrl: stripeApiUrl });
    if (this.config.environment === 'production') return null;
    const keys = {
      secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
      webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
    };
    this.standIn = await startStripeStandIn({ ...keys, webhookUrl: `${this.config.publicUrl}${STRIPE_WEBHOOK_PATH}`, now: this.now });
    return new StripeCheckoutGateway({ ...keys, apiUrl: this.standIn.url });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.standIn?.close();
  }
}
