// A handler per Excel import and OCR scan command (the design card's @nestjs/cqrs), each handing it to
// BqExcelService or BqScanService.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ActOnBqScan, EditBqScanRows, ImportBqWorkbook, UploadBqScan } from './bq-import-export.commands.js';
import { fileBody } from './import-export/binary-bodies.js';
import { BqExcelService } from './import-export/bq-excel.service.js';
import { BqScanService } from './scan/bq-scan.service.js';

@CommandHandler(ImportBqWorkbook)
export class ImportBqWorkbookHandler implements ICommandHandler<ImportBqWorkbook> {
  constructor(private readonly excel: BqExcelService) {}
  execute({ principal, projectId, bytes, mapping, options }: ImportBqWorkbook) {
    return this.excel.import(principal, projectId, bytes, mapping, options);
  }
}

@CommandHandler(UploadBqScan)
export class UploadBqScanHandler implements ICommandHandler<UploadBqScan> {
  constructor(private readonly scans: BqScanService) {}
  execute({ principal, projectId, body, headers }: UploadBqScan) {
    return this.scans.upload(principal, projectId, fileBody(body, 'scanned page (PNG, JPEG or PDF)'), headers);
  }
}

@CommandHandler(EditBqScanRows)
export class EditBqScanRowsHandler implements ICommandHandler<EditBqScanRows> {
  constructor(private readonly scans: BqScanService) {}
  execute({ principal, projectId, scanId, body, ifMatch }: EditBqScanRows) {
    return this.scans.editRows(principal, projectId, scanId, body, ifMatch);
  }
}

@CommandHandler(ActOnBqScan)
export class ActOnBqScanHandler implements ICommandHandler<ActOnBqScan> {
  constructor(private readonly scans: BqScanService) {}
  execute({ principal, projectId, scanId, event, body, ifMatch }: ActOnBqScan) {
    return this.scans.act(principal, projectId, scanId, event, body, ifMatch);
  }
}

export const BQ_IMPORT_EXPORT_COMMAND_HANDLERS = [ImportBqWorkbookHandler, UploadBqScanHandler, EditBqScanRowsHandler, ActOnBqScanHandler];
