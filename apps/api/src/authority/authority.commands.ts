// The authority context's commands (house style: imperative names), sent through the CQRS CommandBus by
// AuthorityController; a handler each (authority-command.handlers.ts) hands them to AuthorityService,
// where the access right, parsing and refusals live. The raw body travels as the route got it.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { AuthorityService } from './authority.service.js';

/** Give a user a workflow level on a resource code in the chosen company. */
export class AssignWorkflowLevel extends Command<Resolved<AuthorityService['assign']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class UnassignWorkflowLevel extends Command<Resolved<AuthorityService['assign']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Define (or change, version n+1) the chosen company's authority manual of one resource. */
export class DefineAuthorityManual extends Command<Resolved<AuthorityService['defineManual']>> {
  constructor(
    readonly principal: Principal,
    readonly resource: string,
    readonly body: unknown,
  ) {
    super();
  }
}
