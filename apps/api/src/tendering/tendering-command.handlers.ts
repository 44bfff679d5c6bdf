// A handler per tendering command (the design card's @nestjs/cqrs), each handing it to TenderingService.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InviteSellers, SubmitQuotation } from './tendering.commands.js';
import { TenderingService } from './tendering.service.js';

@CommandHandler(InviteSellers)
export class InviteSellersHandler implements ICommandHandler<InviteSellers> {
  constructor(private readonly tendering: TenderingService) {}
  execute({ principal, tenderId, body }: InviteSellers) {
    return this.tendering.invite(principal, tenderId, body);
  }
}

@CommandHandler(SubmitQuotation)
export class SubmitQuotationHandler implements ICommandHandler<SubmitQuotation> {
  constructor(private readonly tendering: TenderingService) {}
  execute({ principal, tenderId, body, ifMatch }: SubmitQuotation) {
    return this.tendering.quote(principal, tenderId, body, ifMatch);
  }
}

export const TENDERING_COMMAND_HANDLERS = [InviteSellersHandler, SubmitQuotationHandler];
