// The bills of quantity context: a project's BQ (tabs, trees of headers and items, build-ups) as one event
// stream, its approval through the billOfQuantity machine, reads now and as of, changes since, the live
// signal. Conventions: see the README.
import { Module } from '@nestjs/common';
import { BillsOfQuantityController } from './bills-of-quantity.controller.js';
import { BqAccess } from './bq-access.js';
import { BQ_COMMAND_HANDLERS } from './bq-command.handlers.js';
import { BqCommands } from './bq-commands.service.js';
import { BqLive } from './bq-live.js';
import { BqLoader } from './bq-loader.js';
import { BqQueries } from './bq-queries.js';

@Module({
  controllers: [BillsOfQuantityController],
  providers: [...BQ_COMMAND_HANDLERS, BqAccess, BqCommands, BqLive, BqLoader, BqQueries],
  // For BqImportExportModule's BQ_BOOK (bq-book.adapter.ts): the imports and the export go through these;
  // the budget and the progress plan read the BQ (BqLoader) and take its project checks (BqAccess).
  exports: [BqCommands, BqQueries, BqAccess, BqLoader],
})
export class BillsOfQuantityModule {}
