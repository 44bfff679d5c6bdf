// The Stripe Checkout adapter, with Stripe's own client (`stripe`): a Checkout Session in MYR offering card
// and FPX (online banking, which Malaysian companies pay through), and the webhook's `Stripe-Signature`
// checked by the client's `webhooks.constructEvent` (HMAC-SHA256 of "<timestamp>.<body>" with the endpoint's
// secret; a timestamp older than the tolerance is refused, so a callback captured and sent again later
// activates nothing). `apiUrl` points the client at the stand-in in development and tests.
import Stripe from 'stripe';
import {
  CallbackRefused,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayNotice,
  type PaymentGateway,
} from './payment-gateway.port.js';

/** Seconds a signed callback stays acceptable (Stripe's default tolerance). */
export const CALLBACK_TOLERANCE_SECONDS = 300;

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string };

export class StripeCheckoutGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      // Of the methods Stripe finds eligible for the payer, these: cards and FPX online banking.
      allowed_payment_method_types: ['card', 'fpx'],
      client_reference_id: request.billingId,
      metadata: { billingId: request.billingId, companyId: request.companyId },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amount,
            product_data: { name: request.description },
          },
        },
      ],
      success_url: `${request.successUrl}${request.successUrl.includes('?') ? '&' : '?'}session={CHECKOUT_SESSION_ID}`,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { sessionId: session.id, url: session.url };
  }

  readCallback(rawBody: Buffer, signature: string | undefined, receivedAt: Date): GatewayNotice {
    if (!signature || !/(^|,)\s*v1=/.test(signature)) throw new CallbackRefused('unsigned', 'The callback carries no Stripe-Signature.');
    const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? NaN);
    // Told apart before the client's check (which refuses both alike): a genuine but old callback is "late".
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        CALLBACK_TOLERANCE_SECONDS,
        undefined,
        receivedAt.getTime(),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/tolerance/i.test(message) && Number.isFinite(timestamp))
        throw new CallbackRefused(
          'late',
          `The callback was signed at ${new Date(timestamp * 1000).toISOString()}, more than ${CALLBACK_TOLERANCE_SECONDS} s ago.`,
        );
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new CallbackRefused('forged', "The callback's signature does not match its body.");
      throw new CallbackRefused('unreadable', 'The callback is not a Stripe event.');
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
      return { noticeId: event.id, kind: 'other', sessionId: null, billingId: null, amount: null, currency: null, paymentReference: null };
    }
    const session = event.data.object;
    // FPX may complete the session before the bank confirms: only a paid session pays the bill (async_payment_succeeded follows).
    const paid = session.payment_status === 'paid';
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    return {
      noticeId: event.id,
      kind: paid ? 'paid' : 'other',
      sessionId: session.id,
      billingId: session.client_reference_id ?? session.metadata?.billingId ?? null,
      amount: session.amount_total ?? null,
      currency: session.currency ?? null,
      paymentReference: intent ?? session.id,
    };
  }
}
