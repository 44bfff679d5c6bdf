// The import of a workbook's rows into a target (data-import.service.ts), sent through the CommandBus by
// DataImportController: one command for the whole file, whose handler records each row through the target's
// own command (AddCatalogueItem, InviteCompanyMember).
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataImportProgress } from '@binaan/contracts';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { DataImportService } from './data-import.service.js';

export class ImportWorkbookRows extends Command<Resolved<DataImportService['import']>> {
  constructor(
    readonly principal: Principal,
    readonly target: string,
    readonly bytes: Buffer,
    readonly mapping: unknown,
    readonly onProgress?: (p: DataImportProgress) => void,
  ) {
    super();
  }
}

@CommandHandler(ImportWorkbookRows)
export class ImportWorkbookRowsHandler implements ICommandHandler<ImportWorkbookRows> {
  constructor(private readonly imports: DataImportService) {}
  execute({ principal, target, bytes, mapping, onProgress }: ImportWorkbookRows) {
    return this.imports.import(principal, target, bytes, mapping, onProgress);
  }
}
