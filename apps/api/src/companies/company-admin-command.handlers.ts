// A handler per command of company-admin.commands.ts, registered in AccessModule with the services.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ActOnCompanyMember,
  ActOnCompanyRegistration,
  ActOnMemberRole,
  DefineCompanyRole,
  EditCompanyRegistration,
  GiveMemberRole,
  InviteCompanyMember,
  RegisterCompany,
  RetireCompanyRole,
  SetMemberSiteTeam,
} from './company-admin.commands.js';
import { CompanyPeopleService } from './company-people.service.js';
import { CompanyRegistrationService } from './company-registration.service.js';
import { CompanyRolesService } from './company-roles.service.js';

@CommandHandler(RegisterCompany)
export class RegisterCompanyHandler implements ICommandHandler<RegisterCompany> {
  constructor(private readonly registrations: CompanyRegistrationService) {}
  execute({ principal, body }: RegisterCompany) {
    return this.registrations.register(principal, body);
  }
}

@CommandHandler(EditCompanyRegistration)
export class EditCompanyRegistrationHandler implements ICommandHandler<EditCompanyRegistration> {
  constructor(private readonly registrations: CompanyRegistrationService) {}
  execute({ principal, companyId, body, ifMatch }: EditCompanyRegistration) {
    return this.registrations.edit(principal, companyId, body, ifMatch);
  }
}

@CommandHandler(ActOnCompanyRegistration)
export class ActOnCompanyRegistrationHandler implements ICommandHandler<ActOnCompanyRegistration> {
  constructor(private readonly registrations: CompanyRegistrationService) {}
  execute({ principal, companyId, event, body, ifMatch }: ActOnCompanyRegistration) {
    return this.registrations.act(principal, companyId, event, body, ifMatch);
  }
}

@CommandHandler(InviteCompanyMember)
export class InviteCompanyMemberHandler implements ICommandHandler<InviteCompanyMember> {
  constructor(private readonly people: CompanyPeopleService) {}
  execute({ principal, body }: InviteCompanyMember) {
    return this.people.invite(principal, body);
  }
}

@CommandHandler(ActOnCompanyMember)
export class ActOnCompanyMemberHandler implements ICommandHandler<ActOnCompanyMember> {
  constructor(private readonly people: CompanyPeopleService) {}
  execute({ principal, memberId, event, body, ifMatch }: ActOnCompanyMember) {
    return this.people.memberAct(principal, memberId, event, body, ifMatch);
  }
}

@CommandHandler(GiveMemberRole)
export class GiveMemberRoleHandler implements ICommandHandler<GiveMemberRole> {
  constructor(private readonly people: CompanyPeopleService) {}
  execute({ principal, memberId, body }: GiveMemberRole) {
    return this.people.assignRole(principal, memberId, body);
  }
}

@CommandHandler(ActOnMemberRole)
export class ActOnMemberRoleHandler implements ICommandHandler<ActOnMemberRole> {
  constructor(private readonly people: CompanyPeopleService) {}
  execute({ principal, memberId, roleId, event, body }: ActOnMemberRole) {
    return this.people.roleAct(principal, memberId, roleId, event, body);
  }
}

@CommandHandler(SetMemberSiteTeam)
export class SetMemberSiteTeamHandler implements ICommandHandler<SetMemberSiteTeam> {
  constructor(private readonly people: CompanyPeopleService) {}
  execute({ principal, memberId, body }: SetMemberSiteTeam) {
    return this.people.setSiteTeam(principal, memberId, body);
  }
}

@CommandHandler(DefineCompanyRole)
export class DefineCompanyRoleHandler implements ICommandHandler<DefineCompanyRole> {
  constructor(private readonly roles: CompanyRolesService) {}
  execute({ principal, roleId, body }: DefineCompanyRole) {
    return this.roles.define(principal, roleId, body);
  }
}

@CommandHandler(RetireCompanyRole)
export class RetireCompanyRoleHandler implements ICommandHandler<RetireCompanyRole> {
  constructor(private readonly roles: CompanyRolesService) {}
  execute({ principal, roleId }: RetireCompanyRole) {
    return this.roles.retire(principal, roleId);
  }
}

export const COMPANY_ADMIN_COMMAND_HANDLERS = [
  RegisterCompanyHandler,
  EditCompanyRegistrationHandler,
  ActOnCompanyRegistrationHandler,
  InviteCompanyMemberHandler,
  ActOnCompanyMemberHandler,
  GiveMemberRoleHandler,
  ActOnMemberRoleHandler,
  SetMemberSiteTeamHandler,
  DefineCompanyRoleHandler,
  RetireCompanyRoleHandler,
];
