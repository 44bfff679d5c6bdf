// The approval-links context: the approval request e-mail (approval-mailer.ts, after the notifications
// reactor), its signed single-use approve and reject links, and their public routes. It acts only through
// the documents context's command bus; see README.md.
import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { ApprovalLinkKey } from './approval-link-key.js';
import { APPROVAL_LINK_COMMAND_HANDLERS } from './approval-links-command.handlers.js';
import { ApprovalLinksController } from './approval-links.controller.js';
import { ApprovalLinks } from './approval-links.service.js';
import { ApprovalMailer } from './approval-mailer.js';
import { ApprovalRounds } from './approval-rounds.js';

@Module({
  imports: [AccessModule],
  controllers: [ApprovalLinksController],
  providers: [...APPROVAL_LINK_COMMAND_HANDLERS, ApprovalLinkKey, ApprovalLinks, ApprovalMailer, ApprovalRounds],
  exports: [ApprovalMailer],
})
export class ApprovalLinksModule {}
