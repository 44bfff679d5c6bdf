// E-mail invitations' commands, sent through the CQRS CommandBus by EmailInvitationsController; a handler
// each hands them to EmailInvitationsService, where parsing, refusals and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { EmailInvitationsService } from './email-invitations.service.js';

/** The buyer invites a company not on the platform by e-mail. */
export class SendTenderEmailInvitation extends Command<Resolved<EmailInvitationsService['send']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** A user of a company now on the platform takes an e-mail invitation up. */
export class AcceptTenderEmailInvitation extends Command<Resolved<EmailInvitationsService['accept']>> {
  constructor(
    readonly principal: Principal,
    readonly invitationId: string,
  ) {
    super();
  }
}

@CommandHandler(SendTenderEmailInvitation)
export class SendTenderEmailInvitationHandler implements ICommandHandler<SendTenderEmailInvitation> {
  constructor(private readonly invitations: EmailInvitationsService) {}
  execute({ principal, tenderId, body }: SendTenderEmailInvitation) {
    return this.invitations.send(principal, tenderId, body);
  }
}

@CommandHandler(AcceptTenderEmailInvitation)
export class AcceptTenderEmailInvitationHandler implements ICommandHandler<AcceptTenderEmailInvitation> {
  constructor(private readonly invitations: EmailInvitationsService) {}
  execute({ principal, invitationId }: AcceptTenderEmailInvitation) {
    return this.invitations.accept(principal, invitationId);
  }
}

export const EMAIL_INVITATION_COMMAND_HANDLERS = [SendTenderEmailInvitationHandler, AcceptTenderEmailInvitationHandler];
