import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApprovalLinks } from './approval-links.service.js';
import { UseApprovalLink } from './approval-links.commands.js';

@CommandHandler(UseApprovalLink)
export class UseApprovalLinkHandler implements ICommandHandler<UseApprovalLink> {
  constructor(private readonly links: ApprovalLinks) {}
  execute({ token, body }: UseApprovalLink) {
    return this.links.use(token, body);
  }
}

export const APPROVAL_LINK_COMMAND_HANDLERS = [UseApprovalLinkHandler];
