// The profile's changes, sent through the CQRS CommandBus like the context's other writes; a handler each
// (registered in AccessModule) hands them to the services, where the checks live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { CompanyProfilePeopleService } from './profile-people.service.js';
import { CompanyProfileService } from './profile.service.js';

export class EditCompanyInformation extends Command<Resolved<CompanyProfileService['editInformation']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
export class AddProfileEntry extends Command<Resolved<CompanyProfileService['addEntry']>> {
  constructor(
    readonly principal: Principal,
    readonly list: string,
    readonly body: unknown,
  ) {
    super();
  }
}
export class EditProfileEntry extends Command<Resolved<CompanyProfileService['editEntry']>> {
  constructor(
    readonly principal: Principal,
    readonly list: string,
    readonly entryId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
export class RemoveProfileEntry extends Command<Resolved<CompanyProfileService['removeEntry']>> {
  constructor(
    readonly principal: Principal,
    readonly list: string,
    readonly entryId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
export class ChangeProfileSharing extends Command<Resolved<CompanyProfileService['share']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
export class ForgetProfilePerson extends Command<Resolved<CompanyProfilePeopleService['forget']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly entryId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(EditCompanyInformation)
export class EditCompanyInformationHandler implements ICommandHandler<EditCompanyInformation> {
  constructor(private readonly profiles: CompanyProfileService) {}
  execute({ principal, body, ifMatch }: EditCompanyInformation) {
    return this.profiles.editInformation(principal, body, ifMatch);
  }
}
@CommandHandler(AddProfileEntry)
export class AddProfileEntryHandler implements ICommandHandler<AddProfileEntry> {
  constructor(private readonly profiles: CompanyProfileService) {}
  execute({ principal, list, body }: AddProfileEntry) {
    return this.profiles.addEntry(principal, list, body);
  }
}
@CommandHandler(EditProfileEntry)
export class EditProfileEntryHandler implements ICommandHandler<EditProfileEntry> {
  constructor(private readonly profiles: CompanyProfileService) {}
  execute({ principal, list, entryId, body, ifMatch }: EditProfileEntry) {
    return this.profiles.editEntry(principal, list, entryId, body, ifMatch);
  }
}
@CommandHandler(RemoveProfileEntry)
export class RemoveProfileEntryHandler implements ICommandHandler<RemoveProfileEntry> {
  constructor(private readonly profiles: CompanyProfileService) {}
  execute({ principal, list, entryId, body, ifMatch }: RemoveProfileEntry) {
    return this.profiles.removeEntry(principal, list, entryId, body, ifMatch);
  }
}
@CommandHandler(ChangeProfileSharing)
export class ChangeProfileSharingHandler implements ICommandHandler<ChangeProfileSharing> {
  constructor(private readonly profiles: CompanyProfileService) {}
  execute({ principal, body, ifMatch }: ChangeProfileSharing) {
    return this.profiles.share(principal, body, ifMatch);
  }
}
@CommandHandler(ForgetProfilePerson)
export class ForgetProfilePersonHandler implements ICommandHandler<ForgetProfilePerson> {
  constructor(private readonly people: CompanyProfilePeopleService) {}
  execute({ principal, companyId, entryId, body }: ForgetProfilePerson) {
    return this.people.forget(principal, companyId, entryId, body);
  }
}

export const PROFILE_COMMAND_HANDLERS = [
  EditCompanyInformationHandler,
  AddProfileEntryHandler,
  EditProfileEntryHandler,
  RemoveProfileEntryHandler,
  ChangeProfileSharingHandler,
  ForgetProfilePersonHandler,
];
