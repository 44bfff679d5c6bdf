// The addenda's commands, sent through the CQRS CommandBus by TenderAddendaController; a handler each hands
// them to TenderAddendaService.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { TenderAddendaService } from './tender-addenda.service.js';

/** The buyer issues an addendum to its active tender (items, times, a note). */
export class IssueTenderAddendum extends Command<Resolved<TenderAddendaService['issue']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** A seller confirms its quotation against the tender as the last addendum left it. */
export class ConfirmQuotation extends Command<Resolved<TenderAddendaService['confirm']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(IssueTenderAddendum)
export class IssueTenderAddendumHandler implements ICommandHandler<IssueTenderAddendum> {
  constructor(private readonly addenda: TenderAddendaService) {}
  execute({ principal, tenderId, body, ifMatch }: IssueTenderAddendum) {
    return this.addenda.issue(principal, tenderId, body, ifMatch);
  }
}

@CommandHandler(ConfirmQuotation)
export class ConfirmQuotationHandler implements ICommandHandler<ConfirmQuotation> {
  constructor(private readonly addenda: TenderAddendaService) {}
  execute({ principal, tenderId, ifMatch }: ConfirmQuotation) {
    return this.addenda.confirm(principal, tenderId, ifMatch);
  }
}

export const TENDER_ADDENDA_COMMAND_HANDLERS = [IssueTenderAddendumHandler, ConfirmQuotationHandler];
