// The authority context: company workflow assignments, authority manuals and delegations, event-sourced and audited.
// Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { AUTHORITY_COMMAND_HANDLERS } from './authority-command.handlers.js';
import { AuthorityController } from './authority.controller.js';
import { AuthorityService } from './authority.service.js';
import { DELEGATION_COMMAND_HANDLERS } from './delegations/delegation.commands.js';
import { DelegationsController } from './delegations/delegations.controller.js';
import { DelegationsService } from './delegations/delegations.service.js';

@Module({
  controllers: [AuthorityController, DelegationsController],
  providers: [...AUTHORITY_COMMAND_HANDLERS, ...DELEGATION_COMMAND_HANDLERS, AuthorityService, DelegationsService],
})
export class AuthorityModule {}
