// The commands of the BQ's Excel import and OCR scans, sent through the CQRS CommandBus by
// BqExcelController and BqScanController; a handler each (bq-import-export-command.handlers.ts) hands them
// to BqExcelService or BqScanService, where the checks live. Bodies and headers travel as the route got
// them; the workbook travels as its bytes, because the streamed import looks at them before its first line.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { BqExcelService, ImportProgress } from './import-export/bq-excel.service.js';
import type { BqScanService } from './scan/bq-scan.service.js';

/** Import a workbook into the project's BQ by a mapping (or, dryRun, only say what it would add); onProgress for the streamed reply. */
export class ImportBqWorkbook extends Command<Resolved<BqExcelService['import']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly bytes: Buffer,
    readonly mapping: unknown,
    readonly options: { dryRun: boolean; fileName: string; onProgress?: (p: ImportProgress) => void },
  ) {
    super();
  }
}

/** Upload a scanned page (PNG, JPEG or PDF) to be read in the background. */
export class UploadBqScan extends Command<Resolved<BqScanService['upload']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly body: unknown,
    readonly headers: Record<string, string | string[] | undefined>,
  ) {
    super();
  }
}

export class EditBqScanRows extends Command<Resolved<BqScanService['editRows']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly scanId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One scan machine event: Import (into a tab) or Discard. */
export class ActOnBqScan extends Command<Resolved<BqScanService['act']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly scanId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
