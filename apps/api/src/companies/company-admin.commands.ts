// Commands of a company joining and keeping its people (house style: imperative names), sent through the
// CQRS CommandBus by CompanyAdminController; a handler each (company-admin-command.handlers.ts) hands them
// to the service where the checks live.
import { Command } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import type { CompanyPeopleService } from './company-people.service.js';
import type { CompanyRegistrationService } from './company-registration.service.js';
import type { CompanyRolesService } from './company-roles.service.js';

export class RegisterCompany extends Command<Resolved<CompanyRegistrationService['register']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class EditCompanyRegistration extends Command<Resolved<CompanyRegistrationService['edit']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** Submit, Approve or Reject a company's registration. */
export class ActOnCompanyRegistration extends Command<Resolved<CompanyRegistrationService['act']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class InviteCompanyMember extends Command<Resolved<CompanyPeopleService['invite']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Activate, Suspend, Deactivate, Terminate or Reject a member. */
export class ActOnCompanyMember extends Command<Resolved<CompanyPeopleService['memberAct']>> {
  constructor(
    readonly principal: Principal,
    readonly memberId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class GiveMemberRole extends Command<Resolved<CompanyPeopleService['assignRole']>> {
  constructor(
    readonly principal: Principal,
    readonly memberId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Approve, Reject, Deactivate or Activate a role a member holds or is proposed for. */
export class ActOnMemberRole extends Command<Resolved<CompanyPeopleService['roleAct']>> {
  constructor(
    readonly principal: Principal,
    readonly memberId: string,
    readonly roleId: string,
    readonly event: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class SetMemberSiteTeam extends Command<Resolved<CompanyPeopleService['setSiteTeam']>> {
  constructor(
    readonly principal: Principal,
    readonly memberId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Define a new role (roleId null) or change one's name and rights. */
export class DefineCompanyRole extends Command<Resolved<CompanyRolesService['define']>> {
  constructor(
    readonly principal: Principal,
    readonly roleId: string | null,
    readonly body: unknown,
  ) {
    super();
  }
}

export class RetireCompanyRole extends Command<Resolved<CompanyRolesService['retire']>> {
  constructor(
    readonly principal: Principal,
    readonly roleId: string,
  ) {
    super();
  }
}
