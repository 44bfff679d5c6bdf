// The setups' writes (house style: imperative names), sent through the CQRS CommandBus by the controllers;
// a handler each hands them to the service where the checks live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SetupKind } from '@binaan/contracts';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { CompanyTermsService } from './company-terms.service.js';
import { SetupItemsService } from './setup-items.service.js';

type Written = Resolved<SetupItemsService['create']>;

export class CreateSetupItem extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly kind: SetupKind,
    readonly body: unknown,
  ) {
    super();
  }
}

export class EditSetupItem extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly kind: SetupKind,
    readonly itemId: string,
    readonly body: unknown,
    readonly ifMatch?: string,
  ) {
    super();
  }
}

/** Deactivate or Reactivate, with an optional reason. */
export class ActOnSetupItem extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly kind: SetupKind,
    readonly itemId: string,
    readonly action: string,
    readonly body: unknown,
    readonly ifMatch?: string,
  ) {
    super();
  }
}

export class PublishCompanyTerms extends Command<Resolved<CompanyTermsService['publish']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class AcceptCompanyTerms extends Command<Resolved<CompanyTermsService['accept']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(CreateSetupItem)
export class CreateSetupItemHandler implements ICommandHandler<CreateSetupItem> {
  constructor(private readonly items: SetupItemsService) {}
  execute({ principal, kind, body }: CreateSetupItem) {
    return this.items.create(principal, kind, body);
  }
}

@CommandHandler(EditSetupItem)
export class EditSetupItemHandler implements ICommandHandler<EditSetupItem> {
  constructor(private readonly items: SetupItemsService) {}
  execute({ principal, kind, itemId, body, ifMatch }: EditSetupItem) {
    return this.items.edit(principal, kind, itemId, body, ifMatch);
  }
}

@CommandHandler(ActOnSetupItem)
export class ActOnSetupItemHandler implements ICommandHandler<ActOnSetupItem> {
  constructor(private readonly items: SetupItemsService) {}
  execute({ principal, kind, itemId, action, body, ifMatch }: ActOnSetupItem) {
    return this.items.act(principal, kind, itemId, action, body, ifMatch);
  }
}

@CommandHandler(PublishCompanyTerms)
export class PublishCompanyTermsHandler implements ICommandHandler<PublishCompanyTerms> {
  constructor(private readonly terms: CompanyTermsService) {}
  execute({ principal, body }: PublishCompanyTerms) {
    return this.terms.publish(principal, body);
  }
}

@CommandHandler(AcceptCompanyTerms)
export class AcceptCompanyTermsHandler implements ICommandHandler<AcceptCompanyTerms> {
  constructor(private readonly terms: CompanyTermsService) {}
  execute({ principal, body }: AcceptCompanyTerms) {
    return this.terms.accept(principal, body);
  }
}

export const COMPANY_SETUP_COMMAND_HANDLERS = [
  CreateSetupItemHandler,
  EditSetupItemHandler,
  ActOnSetupItemHandler,
  PublishCompanyTermsHandler,
  AcceptCompanyTermsHandler,
];
