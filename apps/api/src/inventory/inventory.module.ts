// The inventory context: site locations, stock movements through the stock machine and on-hand quantities. See README.md here.
import { Module } from '@nestjs/common';
import { INVENTORY_COMMAND_HANDLERS } from './inventory.commands.js';
import { SiteLocationsController, StockMovementsController } from './inventory.controller.js';
import { SiteLocations } from './site-locations.service.js';
import { StockMovements } from './stock-movements.service.js';

@Module({
  controllers: [SiteLocationsController, StockMovementsController],
  providers: [...INVENTORY_COMMAND_HANDLERS, SiteLocations, StockMovements],
})
export class InventoryModule {}
