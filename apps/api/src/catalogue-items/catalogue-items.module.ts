// A company's catalogue: products, trades and other items, offered to the line pickers. See README.md here.
import { Module } from '@nestjs/common';
import { CatalogueItemClaims } from './catalogue-item-claims.js';
import { CATALOGUE_ITEM_COMMAND_HANDLERS } from './catalogue-items.commands.js';
import { CatalogueItemsController } from './catalogue-items.controller.js';
import { CatalogueItems } from './catalogue-items.service.js';

@Module({
  controllers: [CatalogueItemsController],
  providers: [...CATALOGUE_ITEM_COMMAND_HANDLERS, CatalogueItems, CatalogueItemClaims],
  exports: [CatalogueItems, CatalogueItemClaims],
})
export class CatalogueItemsModule {}
