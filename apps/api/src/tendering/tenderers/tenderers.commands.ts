// The list of tenderers' commands, sent through the CQRS CommandBus by TenderersController; a handler each
// hands them to TenderersService, where parsing, refusals and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { TenderersService } from './tenderers.service.js';

/** The buyer proposes a directory company for its list of tenderers. */
export class ProposeTenderer extends Command<Resolved<TenderersService['propose']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

/** An approver approves or rejects a listed company, with a remark. */
export class DecideTenderer extends Command<Resolved<TenderersService['decide']>> {
  constructor(
    readonly principal: Principal,
    readonly action: 'Approve' | 'Reject',
    readonly companyId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(ProposeTenderer)
export class ProposeTendererHandler implements ICommandHandler<ProposeTenderer> {
  constructor(private readonly tenderers: TenderersService) {}
  execute({ principal, body }: ProposeTenderer) {
    return this.tenderers.propose(principal, body);
  }
}

@CommandHandler(DecideTenderer)
export class DecideTendererHandler implements ICommandHandler<DecideTenderer> {
  constructor(private readonly tenderers: TenderersService) {}
  execute({ principal, action, companyId, body }: DecideTenderer) {
    return this.tenderers.decide(principal, action, companyId, body);
  }
}

export const TENDERER_COMMAND_HANDLERS = [ProposeTendererHandler, DecideTendererHandler];
