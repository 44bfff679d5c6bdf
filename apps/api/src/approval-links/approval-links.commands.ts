// The approval-links context's command (house style: imperative names): the link's token and the body as
// they came; the handler (approval-links-command.handlers.ts) hands them to ApprovalLinks, where the checks live.
import { Command } from '@nestjs/cqrs';
import type { ApprovalLinkOutcome } from './approval-links.service.js';

/** Approve or reject, as the link's recipient, through the documents context's ActOnDocument. */
export class UseApprovalLink extends Command<ApprovalLinkOutcome> {
  constructor(
    readonly token: string,
    readonly body: unknown,
  ) {
    super();
  }
}
