// The advertisements' changes, sent through the CQRS CommandBus by AdvertisementsController like every
// write; a handler each hands them to AdvertisementsService, where the checks and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { AdvertisementsService } from './advertisements.service.js';

type Headers = Record<string, string | string[] | undefined>;

export class CreateAdvertisement extends Command<Resolved<AdvertisementsService['create']>> {
  constructor(
    readonly principal: Principal,
    readonly query: Record<string, unknown>,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

export class EditAdvertisement extends Command<Resolved<AdvertisementsService['edit']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class ReplaceAdvertisementImage extends Command<Resolved<AdvertisementsService['replaceImage']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly query: Record<string, unknown>,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

export class PublishAdvertisement extends Command<Resolved<AdvertisementsService['publish']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class WithdrawAdvertisement extends Command<Resolved<AdvertisementsService['withdraw']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(CreateAdvertisement)
export class CreateAdvertisementHandler implements ICommandHandler<CreateAdvertisement> {
  constructor(private readonly ads: AdvertisementsService) {}
  execute({ principal, query, body, headers }: CreateAdvertisement) {
    return this.ads.create(principal, query, body, headers);
  }
}

@CommandHandler(EditAdvertisement)
export class EditAdvertisementHandler implements ICommandHandler<EditAdvertisement> {
  constructor(private readonly ads: AdvertisementsService) {}
  execute({ principal, id, body }: EditAdvertisement) {
    return this.ads.edit(principal, id, body);
  }
}

@CommandHandler(ReplaceAdvertisementImage)
export class ReplaceAdvertisementImageHandler implements ICommandHandler<ReplaceAdvertisementImage> {
  constructor(private readonly ads: AdvertisementsService) {}
  execute({ principal, id, query, body, headers }: ReplaceAdvertisementImage) {
    return this.ads.replaceImage(principal, id, query, body, headers);
  }
}

@CommandHandler(PublishAdvertisement)
export class PublishAdvertisementHandler implements ICommandHandler<PublishAdvertisement> {
  constructor(private readonly ads: AdvertisementsService) {}
  execute({ principal, id, body }: PublishAdvertisement) {
    return this.ads.publish(principal, id, body);
  }
}

@CommandHandler(WithdrawAdvertisement)
export class WithdrawAdvertisementHandler implements ICommandHandler<WithdrawAdvertisement> {
  constructor(private readonly ads: AdvertisementsService) {}
  execute({ principal, id, body }: WithdrawAdvertisement) {
    return this.ads.withdraw(principal, id, body);
  }
}

export const ADVERTISEMENT_COMMAND_HANDLERS = [
  CreateAdvertisementHandler,
  EditAdvertisementHandler,
  ReplaceAdvertisementImageHandler,
  PublishAdvertisementHandler,
  WithdrawAdvertisementHandler,
];
