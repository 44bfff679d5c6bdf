// A handler per companies command (the design card's @nestjs/cqrs), registered in AccessModule with the
// context's services.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AcceptInvitation, ChooseCompany } from './companies.commands.js';
import { CompanyChoiceService } from './company-choice.service.js';
import { InvitationService } from './invitation.service.js';

@CommandHandler(ChooseCompany)
export class ChooseCompanyHandler implements ICommandHandler<ChooseCompany> {
  constructor(private readonly choice: CompanyChoiceService) {}
  execute({ principal, companyId }: ChooseCompany) {
    return this.choice.choose(principal, companyId);
  }
}

@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(private readonly invitations: InvitationService) {}
  execute({ body, principal }: AcceptInvitation) {
    return this.invitations.accept(body.id, body.remark ?? '', principal);
  }
}

export const COMPANY_COMMAND_HANDLERS = [ChooseCompanyHandler, AcceptInvitationHandler];
