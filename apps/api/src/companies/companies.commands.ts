// The companies context's commands (house style: imperative names), sent through the CQRS CommandBus by
// CompaniesController; a handler each (companies-command.handlers.ts) hands them to the service where the
// checks live.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { CompanyChoiceService } from './company-choice.service.js';
import type { InvitationService } from './invitation.service.js';

/** Work in one of the user's companies: a new session for it, the old one ended (a GET, as the spec's client calls it). */
export class ChooseCompany extends Command<Resolved<CompanyChoiceService['choose']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
  ) {
    super();
  }
}

/** Accept a call-for-interest invitation (public: the invited company may have no account yet). */
export class AcceptInvitation extends Command<Resolved<InvitationService['accept']>> {
  constructor(
    readonly body: { id: string; remark?: string },
    readonly principal: Principal | undefined,
  ) {
    super();
  }
}
