// Commands of the vendor appraisals context, sent through the CQRS CommandBus by its controller.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { VendorAppraisals } from './vendor-appraisals.service.js';

export class AppraiseVendor extends Command<Resolved<VendorAppraisals['appraise']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class WithdrawVendorAppraisal extends Command<Resolved<VendorAppraisals['withdraw']>> {
  constructor(
    readonly principal: Principal,
    readonly appraisalId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(AppraiseVendor)
export class AppraiseVendorHandler implements ICommandHandler<AppraiseVendor> {
  constructor(private readonly appraisals: VendorAppraisals) {}
  execute({ principal, body }: AppraiseVendor) {
    return this.appraisals.appraise(principal, body);
  }
}

@CommandHandler(WithdrawVendorAppraisal)
export class WithdrawVendorAppraisalHandler implements ICommandHandler<WithdrawVendorAppraisal> {
  constructor(private readonly appraisals: VendorAppraisals) {}
  execute({ principal, appraisalId, body }: WithdrawVendorAppraisal) {
    return this.appraisals.withdraw(principal, appraisalId, body);
  }
}

export const VENDOR_APPRAISAL_COMMAND_HANDLERS = [AppraiseVendorHandler, WithdrawVendorAppraisalHandler];
