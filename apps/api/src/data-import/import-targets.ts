// The import targets, one line each: POST /api/imports/<target> finds its target here. Adding one is a class
// like catalogue-items.import.ts (its columns, a check of every row, the recording of one row through its
// command), a provider in data-import.module.ts, its name in DATA_IMPORT_TARGETS (packages/contracts) and a
// line below.
import { Injectable } from '@nestjs/common';
import type { DataImportTarget } from '@binaan/contracts';
import { CatalogueItemsImport } from './catalogue-items.import.js';
import type { ImportTarget } from './import-target.js';
import { MachineryImport } from './machinery.import.js';
import { UsersImport } from './users.import.js';

@Injectable()
export class ImportTargets {
  private readonly targets: Record<DataImportTarget, ImportTarget>;

  constructor(catalogueItems: CatalogueItemsImport, users: UsersImport, machinery: MachineryImport) {
    this.targets = { 'catalogue-items': catalogueItems, users: users, machinery };
  }

  get(name: string): ImportTarget | undefined {
    return Object.hasOwn(this.targets, name) ? this.targets[name as DataImportTarget] : undefined;
  }
}
