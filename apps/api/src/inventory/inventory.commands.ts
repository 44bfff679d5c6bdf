// Commands of the inventory context, sent through the CQRS CommandBus by its controllers.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { SiteLocations } from './site-locations.service.js';
import { StockMovements } from './stock-movements.service.js';

export class AddSiteLocation extends Command<Resolved<SiteLocations['add']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class RenameSiteLocation extends Command<Resolved<SiteLocations['rename']>> {
  constructor(
    readonly principal: Principal,
    readonly locationId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class DeleteSiteLocation extends Command<Resolved<SiteLocations['delete']>> {
  constructor(
    readonly principal: Principal,
    readonly locationId: string,
  ) {
    super();
  }
}

export class RecordStockMovement extends Command<Resolved<StockMovements['record']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Confirm, Reject, Cancel or Receive. */
export class ActOnStockMovement extends Command<Resolved<StockMovements['act']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly movementId: string,
    readonly action: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(AddSiteLocation)
export class AddSiteLocationHandler implements ICommandHandler<AddSiteLocation> {
  constructor(private readonly locations: SiteLocations) {}
  execute({ principal, body }: AddSiteLocation) {
    return this.locations.add(principal, body);
  }
}

@CommandHandler(RenameSiteLocation)
export class RenameSiteLocationHandler implements ICommandHandler<RenameSiteLocation> {
  constructor(private readonly locations: SiteLocations) {}
  execute({ principal, locationId, body }: RenameSiteLocation) {
    return this.locations.rename(principal, locationId, body);
  }
}

@CommandHandler(DeleteSiteLocation)
export class DeleteSiteLocationHandler implements ICommandHandler<DeleteSiteLocation> {
  constructor(private readonly locations: SiteLocations) {}
  execute({ principal, locationId }: DeleteSiteLocation) {
    return this.locations.delete(principal, locationId);
  }
}

@CommandHandler(RecordStockMovement)
export class RecordStockMovementHandler implements ICommandHandler<RecordStockMovement> {
  constructor(private readonly movements: StockMovements) {}
  execute({ principal, projectId, body }: RecordStockMovement) {
    return this.movements.record(principal, projectId, body);
  }
}

@CommandHandler(ActOnStockMovement)
export class ActOnStockMovementHandler implements ICommandHandler<ActOnStockMovement> {
  constructor(private readonly movements: StockMovements) {}
  execute({ principal, projectId, movementId, action, body }: ActOnStockMovement) {
    return this.movements.act(principal, projectId, movementId, action, body);
  }
}

export const INVENTORY_COMMAND_HANDLERS = [
  AddSiteLocationHandler,
  RenameSiteLocationHandler,
  DeleteSiteLocationHandler,
  RecordStockMovementHandler,
  ActOnStockMovementHandler,
];
