// The award's command (house style: an imperative name), sent through the CQRS CommandBus by AwardController;
// its handler hands it to AwardService, where parsing, refusals and the decision live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { AwardService } from './award.service.js';

/** The buyer awards its closed tender to a seller that quoted. */
export class AwardTender extends Command<Resolved<AwardService['award']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(AwardTender)
export class AwardTenderHandler implements ICommandHandler<AwardTender> {
  constructor(private readonly awards: AwardService) {}
  execute({ principal, tenderId, body }: AwardTender) {
    return this.awards.award(principal, tenderId, body);
  }
}
