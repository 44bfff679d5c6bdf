// Data import by .xlsx upload into a company's lists (catalogue items, users, machinery). See README.md here.
import { Module } from '@nestjs/common';
import { CatalogueItemsModule } from '../catalogue-items/catalogue-items.module.js';
import { CatalogueItemsImport } from './catalogue-items.import.js';
import { ImportWorkbookRowsHandler } from './data-import.commands.js';
import { DataImportController } from './data-import.controller.js';
import { DataImportService } from './data-import.service.js';
import { ImportTargets } from './import-targets.js';
import { MachineryImport } from './machinery.import.js';
import { UsersImport } from './users.import.js';

@Module({
  imports: [CatalogueItemsModule],
  controllers: [DataImportController],
  providers: [ImportWorkbookRowsHandler, DataImportService, ImportTargets, CatalogueItemsImport, UsersImport, MachineryImport],
})
export class DataImportModule {}
