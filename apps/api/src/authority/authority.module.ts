// The authority context: company workflow assignments and authority manuals, event-sourced and audited.
// Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { AuthorityController } from './authority.controller.js';
import { AuthorityService } from './authority.service.js';

@Module({ controllers: [AuthorityController], providers: [AuthorityService] })
export class AuthorityModule {}
