// A handler per authority command (the design card's @nestjs/cqrs), each handing it to AuthorityService.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AssignWorkflowLevel, DefineAuthorityManual, UnassignWorkflowLevel } from './authority.commands.js';
import { AuthorityService } from './authority.service.js';

@CommandHandler(AssignWorkflowLevel)
export class AssignWorkflowLevelHandler implements ICommandHandler<AssignWorkflowLevel> {
  constructor(private readonly authority: AuthorityService) {}
  execute({ principal, body }: AssignWorkflowLevel) {
    return this.authority.assign(principal, body, false);
  }
}

@CommandHandler(UnassignWorkflowLevel)
export class UnassignWorkflowLevelHandler implements ICommandHandler<UnassignWorkflowLevel> {
  constructor(private readonly authority: AuthorityService) {}
  execute({ principal, body }: UnassignWorkflowLevel) {
    return this.authority.assign(principal, body, true);
  }
}

@CommandHandler(DefineAuthorityManual)
export class DefineAuthorityManualHandler implements ICommandHandler<DefineAuthorityManual> {
  constructor(private readonly authority: AuthorityService) {}
  execute({ principal, resource, body }: DefineAuthorityManual) {
    return this.authority.defineManual(principal, resource, body);
  }
}

export const AUTHORITY_COMMAND_HANDLERS = [AssignWorkflowLevelHandler, UnassignWorkflowLevelHandler, DefineAuthorityManualHandler];
