// Routes of subscriptions: the packages, a quote and an order (base /api/subscriptions), the billing
// records (/api/billings: a company's own, all for a platform administrator) and the coupons (/api/coupons,
// a platform administrator's). Writes go through the CommandBus (subscriptions.commands.ts); lists are flat
// keyset pages `{ items, next }`.
import { companyOf } from '../authority/authority.service.js';
import { StorageCap } from './storage/storage-cap.service.js';
import { ValueCaps } from './value-caps.service.js';
import { SubscriptionStanding } from './subscription-standing.service.js';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { SqlExecutor } from '@binaan/event-store';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { subscriptionList } from './subscription-list.js';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CLOCK, READ_MODELS, type AuthenticatedRequest, type Clock } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { Coupons } from './coupons.service.js';
import { ActOnCoupon, CreateCoupon, OrderSubscription } from './subscriptions.commands.js';
import { Subscriptions } from './subscriptions.service.js';

const ORDER_REFUSALS =
  'invalidSubscriptionType (the package is not one of the six), invalidCoupon (unknown, inactive, out of its dates, another plan, used up: reason)';

@ApiTags('subscriptions')
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly subscriptions: Subscriptions,
    private readonly caps: ValueCaps,
    private readonly standing: SubscriptionStanding,
    private readonly storage: StorageCap,
  ) {}

  @Get('standing')
  @ApiOperation({
    summary: 'Where the chosen company stands with its subscription',
    description:
      'Any member: { state: active | renewalDue | overdue | unavailable, source: held | period | trial | lapsed, packageId, periodEnd, unavailableFrom, billToPay: { id, total } | null }. renewalDue and overdue carry the reminder; unavailable: writes wait for payment (402 serviceTemporarilyUnavailable), reads go on.',
  })
  async standingOfCompany(@Req() request: AuthenticatedRequest) {
    return this.standing.of(companyOf(request.principal!));
  }

  @Get('usage')
  @ApiOperation({
    summary: "The chosen company's use of its package's yearly caps and storage",
    description:
      'Any member of the company: caps, for award, purchase-order and claim value, { group, limit (sen a year, null: unlimited), used (sen committed this subscription year), warning (80% or more used), periodStart, periodEnd }; storage { limit, used (bytes its files take now), warning (80% or more used) }.',
  })
  async usage(@Req() request: AuthenticatedRequest) {
    const companyId = companyOf(request.principal!);
    const [caps, storage] = await Promise.all([this.caps.usage(companyId), this.storage.usage(companyId)]);
    return { caps, storage };
  }

  @Get('packages')
  @ApiOperation({
    summary:
      'The packages (subcontractor and supplier, basic, advanced and elite) with price and caps from the configuration: { packages, sstRate, suggestedType }; money in sen',
  })
  packages(@Req() request: AuthenticatedRequest) {
    return this.subscriptions.packages(request.principal!);
  }

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The price of a package for the chosen company: { packageId, couponCode? } → { price, discount, subtotal, sstRate, sst, total } in sen (half up)',
  })
  @ApiRefusal(409, 'sameSubscriptionAsCurrent: the company has this package, or an order of it waits for payment')
  @ApiRefusal(422, ORDER_REFUSALS)
  quote(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.subscriptions.quote(request.principal!, body);
  }

  @Post('orders')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'The company administrator orders a package: { packageId, couponCode? } → a billing record pending payment { id, invoiceNo, status, amounts }',
  })
  @ApiRefusal(409, 'sameSubscriptionAsCurrent; wrongExpectedRevision: too many orders at once')
  @ApiRefusal(422, ORDER_REFUSALS)
  order(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new OrderSubscription(request.principal!, body));
  }
}

@ApiTags('subscriptions')
@Controller('billings')
export class BillingsController {
  constructor(private readonly subscriptions: Subscriptions) {}

  @Get()
  @ApiOperation({
    summary:
      'Billing records, newest first: ?filter={"status":"pendingPayment","companyId":"..."}&after=&limit=; { items, next }; a company sees its own, a platform administrator all',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.subscriptions.billings(request.principal!, query);
  }

  @Get(':id')
  @ApiOperation({ summary: "One billing record with its status history (another company's: 404 billingNotFound)" })
  view(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.subscriptions.billing(request.principal!, id);
  }

  @Get(':id/invoice.pdf')
  @ApiOperation({
    summary: 'The billing record as a tax invoice in PDF, a receipt once paid',
    description:
      "The buyer's details as they stood when ordered, the package, discount, SST at its rate and the total. Whoever may read the record (another company's: 404 billingNotFound).",
  })
  @ApiProduces('application/pdf')
  @ApiRefusal(404, "billingNotFound: no such billing record, or another company's")
  async invoice(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const { pdf, invoiceNo } = await this.subscriptions.invoicePdf(request.principal!, id);
    reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(pdf), {
      type: 'application/pdf',
      disposition: `attachment; filename="${invoiceNo}.pdf"`,
      length: pdf.length,
    });
  }
}

@ApiTags('subscriptions')
@Controller('coupons')
export class CouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly coupons: Coupons,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'A platform administrator\'s coupons, newest first: ?filter={"status":"active","q":"CODE"}&after=&limit=; { items, next }',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.coupons.list(request.principal!, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon' })
  view(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.coupons.view(request.principal!, id);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A platform administrator creates a coupon: { code, discountType: percentage|fixed, discount (whole percent, or sen), packageIds, validFrom, validTo (YYYY-MM-DD, Malaysian days), maxUses }',
  })
  @ApiRefusal(409, 'couponCodeExists')
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateCoupon(request.principal!, body));
  }

  @Post(':id/actions/:event')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activate or Deactivate a coupon (a platform administrator), through the coupon machine' })
  @ApiRefusal(409, 'wrongStatus: not from this status (a redeemed coupon is final); wrongExpectedRevision')
  act(@Param('id') id: string, @Param('event') event: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnCoupon(request.principal!, id, event));
  }
}

@ApiTags('subscriptions')
@Controller('admin/subscriptions')
export class AdminSubscriptionsController {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Every company\'s subscription periods, newest start first: ?filter={"companyId","state":"running|upcoming|ended"}&after=&limit=; { items, next }',
    description:
      'A platform administrator with the company right (admin.company). Each item: companyId, companyName, packageId, billingId (null for the trial), from, to, change (new, renewal, change, trial), endedAt, endReason, state.',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  @ApiRefusal(403, 'noAccessRight: not a platform administrator; adminRightMissing')
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    await requireAdminRight(this.db, request.principal!, 'admin.company');
    return subscriptionList(this.db, query, this.now());
  }
}
