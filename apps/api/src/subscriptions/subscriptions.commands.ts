// Commands of the subscriptions context, sent through the CQRS CommandBus by its controllers.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { Coupons } from './coupons.service.js';
import { Subscriptions } from './subscriptions.service.js';

export class OrderSubscription extends Command<Resolved<Subscriptions['order']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class CreateCoupon extends Command<Resolved<Coupons['create']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Activate or Deactivate. */
export class ActOnCoupon extends Command<Resolved<Coupons['act']>> {
  constructor(
    readonly principal: Principal,
    readonly couponId: string,
    readonly event: string,
  ) {
    super();
  }
}

@CommandHandler(OrderSubscription)
export class OrderSubscriptionHandler implements ICommandHandler<OrderSubscription> {
  constructor(private readonly subscriptions: Subscriptions) {}
  execute({ principal, body }: OrderSubscription) {
    return this.subscriptions.order(principal, body);
  }
}

@CommandHandler(CreateCoupon)
export class CreateCouponHandler implements ICommandHandler<CreateCoupon> {
  constructor(private readonly coupons: Coupons) {}
  execute({ principal, body }: CreateCoupon) {
    return this.coupons.create(principal, body);
  }
}

@CommandHandler(ActOnCoupon)
export class ActOnCouponHandler implements ICommandHandler<ActOnCoupon> {
  constructor(private readonly coupons: Coupons) {}
  execute({ principal, couponId, event }: ActOnCoupon) {
    return this.coupons.act(principal, couponId, event);
  }
}

export const SUBSCRIPTION_COMMAND_HANDLERS = [OrderSubscriptionHandler, CreateCouponHandler, ActOnCouponHandler];
