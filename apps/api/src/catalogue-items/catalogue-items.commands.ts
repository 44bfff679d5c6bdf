// Commands on a company's catalogue items (house style: imperative names), sent through the CQRS CommandBus
// by CatalogueItemsController and by the data import (one AddCatalogueItem per row); a handler each hands
// them to CatalogueItems, where the checks live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { CatalogueItems } from './catalogue-items.service.js';

export class AddCatalogueItem extends Command<Resolved<CatalogueItems['add']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class EditCatalogueItem extends Command<Resolved<CatalogueItems['edit']>> {
  constructor(
    readonly principal: Principal,
    readonly itemId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** Retire (no longer offered to the pickers) or Restore, with a reason. */
export class ActOnCatalogueItem extends Command<Resolved<CatalogueItems['retire']>> {
  constructor(
    readonly principal: Principal,
    readonly itemId: string,
    readonly action: 'Retire' | 'Restore',
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(AddCatalogueItem)
export class AddCatalogueItemHandler implements ICommandHandler<AddCatalogueItem> {
  constructor(private readonly items: CatalogueItems) {}
  execute({ principal, body }: AddCatalogueItem) {
    return this.items.add(principal, body);
  }
}

@CommandHandler(EditCatalogueItem)
export class EditCatalogueItemHandler implements ICommandHandler<EditCatalogueItem> {
  constructor(private readonly items: CatalogueItems) {}
  execute({ principal, itemId, body, ifMatch }: EditCatalogueItem) {
    return this.items.edit(principal, itemId, body, ifMatch);
  }
}

@CommandHandler(ActOnCatalogueItem)
export class ActOnCatalogueItemHandler implements ICommandHandler<ActOnCatalogueItem> {
  constructor(private readonly items: CatalogueItems) {}
  execute({ principal, itemId, action, body, ifMatch }: ActOnCatalogueItem) {
    return action === 'Retire' ? this.items.retire(principal, itemId, body, ifMatch) : this.items.restore(principal, itemId, body, ifMatch);
  }
}

export const CATALOGUE_ITEM_COMMAND_HANDLERS = [AddCatalogueItemHandler, EditCatalogueItemHandler, ActOnCatalogueItemHandler];
