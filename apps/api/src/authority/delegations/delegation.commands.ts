// The delegation commands, sent through the CQRS CommandBus by DelegationsController as the authority
// context's other writes are; a handler each hands them to DelegationsService.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { DelegationsService } from './delegations.service.js';

/** Lend approval authority for a period. */
export class GrantDelegation extends Command<Resolved<DelegationsService['grant']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

/** End a grant before its time, with the reason. */
export class RevokeDelegation extends Command<Resolved<DelegationsService['revoke']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(GrantDelegation)
export class GrantDelegationHandler implements ICommandHandler<GrantDelegation> {
  constructor(private readonly delegations: DelegationsService) {}
  execute({ principal, body }: GrantDelegation) {
    return this.delegations.grant(principal, body);
  }
}

@CommandHandler(RevokeDelegation)
export class RevokeDelegationHandler implements ICommandHandler<RevokeDelegation> {
  constructor(private readonly delegations: DelegationsService) {}
  execute({ principal, id, body }: RevokeDelegation) {
    return this.delegations.revoke(principal, id, body);
  }
}

export const DELEGATION_COMMAND_HANDLERS = [GrantDelegationHandler, RevokeDelegationHandler];
