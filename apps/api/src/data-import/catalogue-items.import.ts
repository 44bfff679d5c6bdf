// Catalogue items from a sheet: a row per item, checked as an add is (catalogueItemErrors), names and codes
// against the company's catalogue (the claims) and against the file's other rows; each recorded through
// AddCatalogueItem, the command of an item added by hand.
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  catalogueCodeKey,
  catalogueItemErrors,
  catalogueNameKey,
  type CatalogueItemInput,
  type DataImportRowError,
} from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import { CatalogueItemClaims } from '../catalogue-items/catalogue-item-claims.js';
import { AddCatalogueItem } from '../catalogue-items/catalogue-items.commands.js';
import { cellError, textOf, type ImportRow, type ImportTarget } from './import-target.js';

const KIND_WORDS: Record<string, CatalogueItemInput['kind']> = {
  product: 'product',
  produk: 'product',
  产品: 'product',
  trade: 'trade',
  tred: 'trade',
  工种: 'trade',
  other: 'other',
  others: 'other',
  'lain-lain': 'other',
  其他: 'other',
};
const VALUE_FIELDS = [
  'code',
  'name',
  'description',
  'unit',
  'unitPrice',
  'brandModel',
  'colour',
  'size',
  'manufacturer',
  'tradeCategory',
] as const;

@Injectable()
export class CatalogueItemsImport implements ImportTarget<CatalogueItemInput> {
  readonly right = 'administration.catalogue.update' as const;
  readonly fields = [
    { field: 'kind', required: true, headers: ['kind', 'type', 'jenis', '类型'] },
    { field: 'code', required: false, headers: ['code', 'item code', 'kod', '代码'] },
    { field: 'name', required: true, headers: ['name', 'item', 'item name', 'nama', '名称'] },
    { field: 'description', required: false, headers: ['description', 'keterangan', '描述'] },
    { field: 'unit', required: false, headers: ['unit', 'uom', 'unit of measure', 'unit ukuran', '单位', '计量单位'] },
    { field: 'unitPrice', required: false, headers: ['unit price', 'price', 'rate', 'harga', 'harga seunit', '单价'] },
    { field: 'brandModel', required: false, headers: ['brand and model', 'brand', 'model', 'jenama', '品牌'] },
    { field: 'colour', required: false, headers: ['colour', 'color', 'warna', '颜色'] },
    { field: 'size', required: false, headers: ['size', 'saiz', '尺寸'] },
    { field: 'manufacturer', required: false, headers: ['manufacturer', 'pengeluar', '制造商'] },
    { field: 'tradeCategory', required: false, headers: ['trade category', 'category', 'kategori', '类别'] },
  ] as const;

  constructor(
    private readonly commands: CommandBus,
    private readonly claims: CatalogueItemClaims,
  ) {}

  async check(principal: Principal, sheet: string, rows: readonly ImportRow[]) {
    const companyId = principal.companyId!;
    const errors: DataImportRowError[] = [];
    const checked: CatalogueItemInput[] = [];
    const names = new Map<string, number>();
    const codes = new Map<string, number>();
    for (const row of rows) {
      const kind = KIND_WORDS[textOf(row, 'kind').trim().toLowerCase()];
      const input: Record<string, unknown> = { kind };
      for (const field of VALUE_FIELDS) if (row.cells[field]) input[field] = textOf(row, field);
      const problems = catalogueItemErrors(input, kind);
      for (const [field, codesOf] of Object.entries(problems)) errors.push(cellError(sheet, row, field, codesOf[0] ?? 'invalid'));
      if (Object.keys(problems).length > 0) continue;
      const item = input as CatalogueItemInput;
      const nameKey = `${item.kind}:${catalogueNameKey(item.name ?? '')}`;
      const codeKey = catalogueCodeKey(item.code ?? '');
      if (names.has(nameKey)) errors.push(cellError(sheet, row, 'name', 'itemNameRepeated'));
      else if (await this.claims.holderOfName(companyId, item.kind, item.name ?? '', null))
        errors.push(cellError(sheet, row, 'name', 'itemNameExists'));
      if (codeKey !== '') {
        if (codes.has(codeKey)) errors.push(cellError(sheet, row, 'code', 'itemCodeRepeated'));
        else if (await this.claims.holderOfCode(companyId, item.code ?? '', null))
          errors.push(cellError(sheet, row, 'code', 'itemCodeExists'));
        codes.set(codeKey, row.row);
      }
      names.set(nameKey, row.row);
      checked.push({ ...item, reason: 'Imported from a spreadsheet' });
    }
    return errors.length > 0 ? { errors } : { checked };
  }

  async record(principal: Principal, item: CatalogueItemInput): Promise<string> {
    return (await this.commands.execute(new AddCatalogueItem(principal, item))).id;
  }
}
