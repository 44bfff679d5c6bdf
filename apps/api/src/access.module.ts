// Wiring of the identity and companies contexts: they need each other (a session carries the company's
// access rights; choosing a company starts a session), so one Nest module holds both folders' parts.

import { Module } from '@nestjs/common';
import { AUTHENTICATOR, CLOCK, type Clock } from './common/principal.js';
import { SECRETS, type Secrets } from './common/secrets.js';
import { COMPANY_COMMAND_HANDLERS } from './companies/companies-command.handlers.js';
import { COMPANY_ADMIN_COMMAND_HANDLERS } from './companies/company-admin-command.handlers.js';
import { CompanyAdminController } from './companies/company-admin.controller.js';
import { CompanyInvitationTakeUpReactor } from './companies/company-invitation-take-up.reactor.js';
import { CompanyMail } from './companies/company-mail.js';
import { CompanyPeopleService } from './companies/company-people.service.js';
import { CompanyRegistrationService } from './companies/company-registration.service.js';
import { CompanyRolesService } from './companies/company-roles.service.js';
import { CompanyStreams } from './companies/company-streams.js';
import { CompaniesController } from './companies/companies.controller.js';
import { CompanyAccess } from './companies/company-access.js';
import { CompanyChoiceService } from './companies/company-choice.service.js';
import { CompanyDirectoryController } from './companies/company-directory.controller.js';
import { ContractorDirectoryController } from './companies/contractor-directory.controller.js';
import { ChangeDirectoryListingHandler } from './companies/directory-listing.commands.js';
import { DirectoryListingService } from './companies/directory-listing.service.js';
import { InvitationService } from './companies/invitation.service.js';
import { PROFILE_COMMAND_HANDLERS } from './companies/profile/profile.commands.js';
import { CompanyProfileController } from './companies/profile/profile.controller.js';
import { CompanyProfilePeopleService } from './companies/profile/profile-people.service.js';
import { CompanyProfileService } from './companies/profile/profile.service.js';
import { AccountDirectory } from './identity/account-directory.js';
import { AccountMail } from './identity/account-mail.js';
import { ForcedPasswordResetService } from './identity/forced-password-reset.service.js';
import { AccountStatusController } from './identity/account-status.controller.js';
import { AccountSuspensionService } from './identity/account-suspension.service.js';
import { IDENTITY_COMMAND_HANDLERS } from './identity/identity-command.handlers.js';
import { IdentityKeys } from './identity/identity-keys.js';
import { LoginController } from './identity/login.controller.js';
import { LoginService } from './identity/login.service.js';
import { PasswordController } from './identity/password.controller.js';
import { PasswordHasher } from './identity/password-hasher.js';
import { PasswordService } from './identity/password.service.js';
import { SessionTokens } from './identity/session-tokens.js';
import { SessionService } from './identity/session.service.js';
import { SignUpController } from './identity/sign-up.controller.js';
import { SignUpService } from './identity/sign-up.service.js';

@Module({
  controllers: [
    SignUpController,
    LoginController,
    PasswordController,
    AccountStatusController,
    CompaniesController,
    CompanyDirectoryController,
    CompanyAdminController,
    ContractorDirectoryController,
    CompanyProfileController,
  ],
  providers: [
    {
      provide: SessionTokens,
      inject: [SECRETS, CLOCK],
      useFactory: (secrets: Secrets, now: Clock) => new SessionTokens(secrets.jwtSecret, now),
    },
    { provide: IdentityKeys, inject: [SECRETS], useFactory: (secrets: Secrets) => new IdentityKeys(secrets.codeHmacKey) },
    PasswordHasher,
    AccountDirectory,
    AccountMail,
    SessionService,
    SignUpService,
    LoginService,
    PasswordService,
    ForcedPasswordResetService,
    AccountSuspensionService,
    CompanyAccess,
    CompanyChoiceService,
    InvitationService,
    CompanyMail,
    CompanyStreams,
    CompanyRegistrationService,
    CompanyPeopleService,
    CompanyRolesService,
    CompanyInvitationTakeUpReactor,
    DirectoryListingService,
    ChangeDirectoryListingHandler,
    CompanyProfileService,
    CompanyProfilePeopleService,
    ...PROFILE_COMMAND_HANDLERS,
    ...IDENTITY_COMMAND_HANDLERS,
    ...COMPANY_COMMAND_HANDLERS,
    ...COMPANY_ADMIN_COMMAND_HANDLERS,
    { provide: AUTHENTICATOR, useExisting: SessionService },
  ],
  exports: [AUTHENTICATOR, SessionService, CompanyAccess, AccountDirectory, PasswordHasher, CompanyInvitationTakeUpReactor],
})
export class AccessModule {}
