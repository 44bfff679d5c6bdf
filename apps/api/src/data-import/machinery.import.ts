// Machinery from a sheet: a row per machine (brand, model, type, capacity, quantity, year made), each checked as
// one added on the company profile's machinery tab is (profileEntryErrors), and each recorded through
// AddProfileEntry, the command of a machine added by hand, so the rights and refusals are that command's.
// A fleet may hold two rows of the same make and model (two purchases, two years made): nothing is unique here.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { profileEntryErrors, type DataImportRowError, type MachineryInput } from '@binaan/contracts';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { AddProfileEntry } from '../companies/profile/profile.commands.js';
import { cellError, textOf, type ImportRow, type ImportTarget } from './import-target.js';

const WHOLE = /^\d{1,9}$/;

/** A whole number as its cell gives it (a number cell is read as its digits), `empty` for an empty cell; anything else stays text, for the rule to refuse on its cell. */
const wholeOr = (text: string, empty: number | null): number | string | null => {
  const value = text.trim();
  if (value === '') return empty;
  return WHOLE.test(value) ? Number(value) : value;
};

@Injectable()
export class MachineryImport implements ImportTarget<MachineryInput> {
  readonly right = 'administration.companyProfile.update' as const;
  readonly fields = [
    { field: 'brand', required: true, headers: ['brand', 'make', 'manufacturer', 'jenama', 'buatan', '品牌', '厂牌'] },
    { field: 'model', required: true, headers: ['model', 'model no', 'model number', 'no model', '型号'] },
    {
      field: 'type',
      required: true,
      headers: [
        'type',
        'machine type',
        'equipment type',
        'machinery',
        'jenis',
        'jenis jentera',
        'jenis mesin',
        '类型',
        '机械类型',
        '设备类型',
      ],
    },
    { field: 'capacity', required: false, headers: ['capacity', 'size', 'kapasiti', 'muatan', '容量', '载重'] },
    { field: 'quantity', required: false, headers: ['quantity', 'qty', 'units', 'no of units', 'kuantiti', 'bilangan', '数量', '台数'] },
    {
      field: 'yearMade',
      required: false,
      headers: ['year made', 'year', 'year of manufacture', 'tahun dibuat', 'tahun pembuatan', 'tahun', '制造年份', '出厂年份', '年份'],
    },
  ] as const;

  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async check(_principal: Principal, sheet: string, rows: readonly ImportRow[]) {
    const errors: DataImportRowError[] = [];
    const checked: MachineryInput[] = [];
    const now = this.now();
    for (const row of rows) {
      // An empty quantity is one machine: a fleet register often has a row a machine.
      const input = {
        brand: textOf(row, 'brand'),
        model: textOf(row, 'model'),
        type: textOf(row, 'type'),
        capacity: textOf(row, 'capacity'),
        quantity: wholeOr(textOf(row, 'quantity'), 1),
        yearMade: wholeOr(textOf(row, 'yearMade'), null),
      };
      const problems = profileEntryErrors('machinery', input as Partial<MachineryInput>, now);
      for (const [field, codes] of Object.entries(problems)) errors.push(cellError(sheet, row, field, codes[0] ?? 'invalid'));
      if (Object.keys(problems).length === 0) checked.push(input as MachineryInput);
    }
    return errors.length > 0 ? { errors } : { checked };
  }

  async record(principal: Principal, machine: MachineryInput): Promise<string> {
    return (await this.commands.execute(new AddProfileEntry(principal, 'machinery', machine))).id;
  }
}
