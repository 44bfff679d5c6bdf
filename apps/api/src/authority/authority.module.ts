// The authority context: company workflow assignments and authority manuals, event-sourced and audited.
// Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { AUTHORITY_COMMAND_HANDLERS } from './authority-command.handlers.js';
import { AuthorityController } from './authority.controller.js';
import { AuthorityService } from './authority.service.js';

@Module({ controllers: [AuthorityController], providers: [...AUTHORITY_COMMAND_HANDLERS, AuthorityService] })
export class AuthorityModule {}
