// The BQ's Excel import/export and OCR scans: own controllers, services and the scans'
// projection; the BQ itself is reached through BQ_BOOK (import-export/bq-book.port.ts), bound to
// BqBookAdapter over the BQ module's BqQueries and BqCommands. It takes file bodies on its upload routes
// only (binary-bodies.ts).
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { binaryBodies } from './import-export/binary-bodies.js';
import { BillsOfQuantityModule } from './bills-of-quantity.module.js';
import { BqBookAdapter } from './bq-book.adapter.js';
import { BQ_IMPORT_EXPORT_COMMAND_HANDLERS } from './bq-import-export-command.handlers.js';
import { BQ_BOOK } from './import-export/bq-book.port.js';
import { BqExcelController } from './import-export/bq-excel.controller.js';
import { BqExcelService } from './import-export/bq-excel.service.js';
import { BqScanController } from './scan/bq-scan.controller.js';
import { BqScanService } from './scan/bq-scan.service.js';

@Module({
  imports: [BillsOfQuantityModule],
  controllers: [BqExcelController, BqScanController],
  providers: [...BQ_IMPORT_EXPORT_COMMAND_HANDLERS, BqExcelService, BqScanService, { provide: BQ_BOOK, useClass: BqBookAdapter }],
  exports: [BqExcelService, BqScanService],
})
export class BqImportExportModule implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    binaryBodies(this.host.httpAdapter.getInstance<FastifyInstance>());
  }
}
