// "Make a tender" from an approved request (house style: an imperative name), sent through the CQRS
// CommandBus by RequestTenderController; its handler hands it to RequestTenderService.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../common/principal.js';
import type { DocumentWritten } from '../../documents/document.commands.js';
import { RequestTenderService } from './request-tender.service.js';

export class MakeTenderFromRequest extends Command<DocumentWritten> {
  constructor(
    readonly principal: Principal,
    readonly resource: string,
    readonly requestId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(MakeTenderFromRequest)
export class MakeTenderFromRequestHandler implements ICommandHandler<MakeTenderFromRequest> {
  constructor(private readonly requests: RequestTenderService) {}
  execute({ principal, resource, requestId, body }: MakeTenderFromRequest) {
    return this.requests.makeTender(principal, resource, requestId, body);
  }
}

/** A tender from picked items of the project's approved bill of quantity. */
export class MakeTenderFromBq extends Command<DocumentWritten> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(MakeTenderFromBq)
export class MakeTenderFromBqHandler implements ICommandHandler<MakeTenderFromBq> {
  constructor(private readonly requests: RequestTenderService) {}
  execute({ principal, body }: MakeTenderFromBq) {
    return this.requests.tenderFromBq(principal, body);
  }
}
