// The payment port: how Binaan asks a payment gateway to take a bill's money and how it reads the gateway's
// word that it did. The card or bank (FPX) details are typed on the gateway's own page, never on Binaan's.
// The adapter: Stripe Checkout (stripe-checkout.gateway.ts). In development and tests it talks to a
// stand-in on loopback that speaks Stripe's protocol and signs its callbacks as Stripe does (stand-in/).

export type CheckoutRequest = {
  billingId: string;
  /** Sen, the bill's total with SST. */
  amount: number;
  currency: 'MYR';
  description: string;
  companyId: string;
  /** Where the gateway sends the payer back (the checkout's id is added by the gateway). */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { sessionId: string; url: string };

/** A callback the gateway signed, read: what it says happened to which checkout. */
export type GatewayNotice = {
  /** The gateway's id of the notice (the same notice delivered twice has the same id). */
  noticeId: string;
  kind: 'paid' | 'other';
  sessionId: string | null;
  billingId: string | null;
  amount: number | null;
  currency: string | null;
  /** The gateway's name of the payment (its payment intent), kept on the bill. */
  paymentReference: string | null;
};

export type CallbackRefusalReason = 'unsigned' | 'forged' | 'late' | 'unreadable';

export class CallbackRefused extends Error {
  constructor(
    readonly reason: CallbackRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly name: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The notice in a callback's raw body, once its signature and time are checked; else CallbackRefused. */
  readCallback(rawBody: Buffer, signature: string | undefined, receivedAt: Date): GatewayNotice;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
