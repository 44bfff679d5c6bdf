// Online payment of a billing record: the company's administrator opens the gateway's payment page for a bill
// waiting for payment (the checkout is recorded on the bill), pays there, and the gateway's signed callback
// pays the bill (subscriptions/billing-payments.service.ts), which starts the package's period. The callback
// is believed only when its signature is the gateway's, it is recent, it names a checkout Binaan started for
// that bill, and the amount and currency are the bill's; the same payment reported twice is one payment.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { SYSTEM_ACTOR, type Actor } from '@binaan/workflows';
import { companyOf } from '../authority/authority.service.js';
import type { ApiConfig } from '../config.js';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { BillingPayments } from '../subscriptions/billing-payments.service.js';
import { BILLING_STREAM_TYPE, billingStream, type BillingEvent } from '../subscriptions/subscriptions.events.js';
import { CallbackRefused } from './payment-gateway.port.js';
import { PaymentGateways } from './payment-gateway.provider.js';

/** Who pays for the company: its administrator (the company profile's update right), as who orders. */
const PAY_RIGHT = 'administration.companyProfile.update' as const;
/** The gateway acting on a bill: the system, named. */
export const GATEWAY_ACTOR: Actor = { ...SYSTEM_ACTOR, userId: 'system:payment-gateway' };

@Injectable()
export class Payments {
  private readonly log = new Logger('Payments');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly gateways: PaymentGateways,
    private readonly bills: BillingPayments,
  ) {}

  /** Opens the gateway's payment page for the company's bill: { url, sessionId }. */
  async checkout(principal: Principal, billingId: string) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const companyId = companyOf(principal, PAY_RIGHT);
    const gateway = await this.gateways.current();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const bill = await this.bills.bill(billingId).catch(() => null);
      if (!bill || bill.companyId !== companyId) throw refusal(404, ErrorCodes.billingNotFound, 'There is no such billing record.');
      if (bill.state.status !== 'pendingPayment')
        throw refusal(
          409,
          ErrorCodes.billingNotPayable,
          `The billing record ${billingId} is ${bill.state.status}, not waiting for payment.`,
          { status: bill.state.status },
        );
      if (!gateway)
        throw refusal(409, ErrorCodes.onlinePaymentUnavailable, 'Online payment is not available: pay by cheque or bank draft.');
      const back = `${this.config.publicUrl}/administration/subscription`;
      const session = await gateway.startCheckout({
        billingId,
        amount: bill.total,
        currency: 'MYR',
        companyId,
        description: `Binaan ${bill.packageId ?? 'usage'} (${billingId})`,
        successUrl: `${back}?paid=${encodeURIComponent(billingId)}`,
        cancelUrl: `${back}?cancelled=${encodeURIComponent(billingId)}`,
      });
      const event: BillingEvent = {
        type: 'PaymentCheckoutStarted',
        data: { billingId, gateway: gateway.name, sessionId: session.sessionId, amount: bill.total, currency: 'MYR' },
      };
      try {
        await this.store.append({
          streamId: billingStream(billingId),
          streamType: BILLING_STREAM_TYPE,
          expectedRevision: bill.revision,
          events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: companyId } }],
        });
        return { success: true as const, billingId, url: session.url, sessionId: session.sessionId };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The billing record changed meanwhile: try again.');
  }

  /** The gateway's signed callback (public): 200 once read (paid, or nothing to do), 400 paymentCallbackRefused with the reason. */
  async callback(rawBody: Buffer | undefined, signature: string | undefined) {
    const gateway = await this.gateways.current();
    if (!gateway) throw refusal(404, ErrorCodes.notFound, 'No payment gateway is configured.');
    let notice;
    try {
      notice = gateway.readCallback(rawBody ?? Buffer.alloc(0), signature, this.now());
    } catch (error) {
      if (!(error instanceof CallbackRefused)) throw error;
      this.log.warn(`payment callback refused (${error.reason}): ${error.message}`);
      throw refusal(400, ErrorCodes.paymentCallbackRefused, error.message, { reason: error.reason });
    }
    if (notice.kind !== 'paid') return { received: true, paid: false };
    const bill = notice.billingId ? await this.bills.bill(notice.billingId).catch(() => null) : null;
    if (!bill || !notice.sessionId || !bill.checkoutSessions.includes(notice.sessionId)) {
      throw refusal(400, ErrorCodes.paymentCallbackRefused, 'The callback names no checkout Binaan started for that bill.', {
        reason: 'unknownCheckout',
      });
    }
    if (notice.currency?.toLowerCase() !== 'myr')
      throw refusal(400, ErrorCodes.paymentCallbackRefused, `The payment is in ${notice.currency}, not MYR.`, { reason: 'currency' });
    const outcome = await this.bills.pay(
      bill.billingId,
      { method: 'online', reference: notice.paymentReference ?? notice.sessionId, amount: notice.amount ?? -1 },
      GATEWAY_ACTOR,
    );
    return { received: true, paid: true, billingId: outcome.billingId, alreadyPaid: outcome.alreadyPaid, period: outcome.period };
  }
}
