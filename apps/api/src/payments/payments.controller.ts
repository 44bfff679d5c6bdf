// Routes of online payment: open the gateway's page for a bill (POST /api/billings/{id}/checkout) and the
// gateway's signed callback (POST /api/payments/stripe/webhook, public: the gateway signs it, no one signs in).
import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { Payments } from './payments.service.js';

@ApiTags('subscriptions')
@Controller('billings')
export class BillingCheckoutController {
  constructor(private readonly payments: Payments) {}

  @Post(':id/checkout')
  @HttpCode(201)
  @ApiOperation({
    summary: "The company administrator opens the payment gateway's page for a bill waiting for payment: { url, sessionId }",
    description:
      "Card or FPX, typed on the gateway's page (never on Binaan's). The bill is paid when the gateway's signed callback arrives.",
  })
  @ApiRefusal(404, "billingNotFound: no such bill, or another company's")
  @ApiRefusal(409, 'billingNotPayable: not waiting for payment; onlinePaymentUnavailable: no gateway configured')
  checkout(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.payments.checkout(request.principal!, id);
  }
}

@ApiTags('subscriptions')
@Controller('payments')
export class PaymentCallbacksController {
  constructor(private readonly payments: Payments) {}

  @Public()
  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  callback(@Req() request: AuthenticatedRequest & { rawBody?: Buffer }, @Headers('stripe-signature') signature: string | undefined) {
    return this.payments.callback(request.rawBody, signature);
  }
}
