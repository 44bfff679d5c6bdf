// The comparison sheet as .xlsx, laid out as estimators level bids in a spreadsheet (the bid tabulation of
// Procore's bid management and of a quantity surveyor's tender report): the tender's lines down, the buyer's
// estimate and then each seller's rate and amount across, the lowest price per line marked, and under the
// lines the totals (SUM formulas over the amounts, each with its computed result for readers that do not
// recalculate), the deviation from the estimate, the rank and the counts. Sellers invited who did not quote
// are listed under it. Labels in the buyer's language (en, ms, zh); figures as numbers with two places.
import ExcelJS from 'exceljs';
import { toSheetNumber } from '../../bills-of-quantity/import-export/bq-decimals.js';
import type { ComparisonSheet } from './comparison.js';

export type ComparisonLanguage = 'en' | 'ms' | 'zh';
export const COMPARISON_LANGUAGES: readonly ComparisonLanguage[] = ['en', 'ms', 'zh'];

export type ComparisonHeading = { documentNo: string; title: string; status: string; exportedAt: Date };

const EN = {
  sheet: 'Comparison',
  title: 'Tender comparison',
  status: 'Status',
  exported: 'Exported',
  legend:
    'Rates and amounts in RM. Bold on green: the lowest price of the line. "Included": priced at 0 as in scope; "excluded": not priced; "not quoted": the line is not in the quotation.',
  no: 'No.',
  description: 'Description',
  unit: 'Unit',
  quantity: 'Quantity',
  estimateRate: 'Estimate rate',
  estimateAmount: 'Estimate amount',
  rate: 'rate',
  amount: 'amount',
  total: 'Total',
  deviation: 'Against the estimate (RM)',
  deviationPercent: 'Against the estimate (%)',
  rank: 'Rank (by total)',
  lowestLines: 'Lines at the lowest price',
  counts: 'Lines quoted / included / excluded / not quoted',
  revision: 'Quotation revision, last sent',
  included: 'included',
  excluded: 'excluded',
  missing: 'not quoted',
  notQuoted: 'Invited, did not quote',
  none: 'none',
};

const LABELS: Record<ComparisonLanguage, Record<keyof typeof EN, string>> = {
  en: EN,
  ms: {
    sheet: 'Perbandingan',
    title: 'Perbandingan tender',
    status: 'Status',
    exported: 'Dieksport',
    legend:
      'Kadar dan amaun dalam RM. Tebal berlatar hijau: harga terendah bagi baris itu. "Termasuk": berharga 0 tetapi dalam skop; "dikecualikan": tidak diberi harga; "tiada sebut harga": baris tiada dalam sebut harga.',
    no: 'No.',
    description: 'Keterangan',
    unit: 'Unit',
    quantity: 'Kuantiti',
    estimateRate: 'Kadar anggaran',
    estimateAmount: 'Amaun anggaran',
    rate: 'kadar',
    amount: 'amaun',
    total: 'Jumlah',
    deviation: 'Berbanding anggaran (RM)',
    deviationPercent: 'Berbanding anggaran (%)',
    rank: 'Kedudukan (ikut jumlah)',
    lowestLines: 'Baris pada harga terendah',
    counts: 'Baris disebut harga / termasuk / dikecualikan / tiada',
    revision: 'Semakan sebut harga, terakhir dihantar',
    included: 'termasuk',
    excluded: 'dikecualikan',
    missing: 'tiada sebut harga',
    notQuoted: 'Dijemput, tidak menghantar sebut harga',
    none: 'tiada',
  },
  zh: {
    sheet: '比较',
    title: '投标比较',
    status: '状态',
    exported: '导出时间',
    legend: '单价和金额以令吉计。绿底粗体：该行最低价。“包含”：以 0 报价但在范围内；“排除”：未报价；“未报”：报价中没有该行。',
    no: '编号',
    description: '描述',
    unit: '单位',
    quantity: '数量',
    estimateRate: '估价单价',
    estimateAmount: '估价金额',
    rate: '单价',
    amount: '金额',
    total: '合计',
    deviation: '与估价相比（令吉）',
    deviationPercent: '与估价相比（%）',
    rank: '排名（按合计）',
    lowestLines: '最低价行数',
    counts: '已报 / 包含 / 排除 / 未报 行数',
    revision: '报价修订版，最后提交',
    included: '包含',
    excluded: '排除',
    missing: '未报',
    notQuoted: '已邀请但未报价',
    none: '无',
  },
};

/**
 * The statuses a tender can have once its sheet is open (after the close), named as the pages name them
 * (the ui's workflow.status labels; comparison-workbook.spec.ts holds them equal), so the sheet does not print a
 * machine's name. A status added later prints as its name made readable until it is named here.
 */
export const STATUS_LABELS: Record<ComparisonLanguage, Record<string, string>> = {
  en: {
    comparison: 'Comparison',
    draftContract: 'Draft contract',
    pendingContractApproval: 'Pending contract approval',
    contractAwarded: 'Contract awarded',
    draftContractRejected: 'Draft contract rejected',
  },
  ms: {
    comparison: 'Perbandingan',
    draftContract: 'Draf kontrak',
    pendingContractApproval: 'Menunggu kelulusan kontrak',
    contractAwarded: 'Kontrak dianugerahkan',
    draftContractRejected: 'Draf kontrak ditolak',
  },
  zh: {
    comparison: '比较中',
    draftContract: '合同草稿',
    pendingContractApproval: '合同待审批',
    contractAwarded: '已授予合同',
    draftContractRejected: '合同草稿被拒',
  },
};

function statusLabel(language: ComparisonLanguage, status: string): string {
  const named = STATUS_LABELS[language][status];
  if (named) return named;
  const spaced = status.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const HEADER_ROW = 5;
const FIRST_LINE_ROW = HEADER_ROW + 1;
/** Columns before the sellers': No., description, unit, quantity, estimate rate, estimate amount. */
const FIXED_COLUMNS = 6;
const MONEY_FORMAT = '#,##0.00;-#,##0.00';
const QUANTITY_FORMAT = '#,##0.000';
const LOWEST_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC8E6C9' } };

/** The api's decimal strings ("1234.50", "2.500") as sheet numbers, as the BQ export writes them. */
const money = toSheetNumber;
const quantity = toSheetNumber;

/** An Excel column's letters for a 1-based index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The workbook of one whole sheet (every line: `sheet.items` holds them all). */
export async function writeComparisonWorkbook(
  heading: ComparisonHeading,
  sheet: ComparisonSheet,
  notQuoted: readonly { sellerCompanyId: string; sellerName: string | null }[],
  language: ComparisonLanguage,
): Promise<Buffer> {
  const t = LABELS[language];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Binaan';
  workbook.title = `${t.title}: ${heading.documentNo}`;
  const ws = workbook.addWorksheet(t.sheet, {
    views: [{ state: 'frozen', xSplit: 2, ySplit: HEADER_ROW }],
    pageSetup: { fitToPage: true, fitToWidth: 1, fitToHeight: 0, orientation: 'landscape', printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}` },
  });
  ws.getCell('A1').value = `${t.title}: ${heading.documentNo} ${heading.title}`;
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value =
    `${t.status}: ${statusLabel(language, heading.status)} · ${t.exported}: ${heading.exportedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  ws.getCell('A3').value = t.legend;

  const sellerName = (index: number) => {
    const s = sheet.sellers[index]!;
    return s.sellerName ?? s.sellerCompanyId;
  };
  const rateColumn = (index: number) => FIXED_COLUMNS + 1 + index * 2;
  const header = ws.getRow(HEADER_ROW);
  header.values = [
    t.no,
    t.description,
    t.unit,
    t.quantity,
    t.estimateRate,
    t.estimateAmount,
    ...sheet.sellers.flatMap((_, i) => [`${sellerName(i)}: ${t.rate}`, `${sellerName(i)}: ${t.amount}`]),
  ];
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'bottom' };
  [6, 48, 8, 12, 14, 16].forEach((width, i) => {
    ws.getColumn(i + 1).width = width;
  });
  ws.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  ws.getColumn(4).numFmt = QUANTITY_FORMAT;
  for (let column = 5; column <= FIXED_COLUMNS + sheet.sellers.length * 2; column++) {
    ws.getColumn(column).numFmt = MONEY_FORMAT;
    if (column > FIXED_COLUMNS) ws.getColumn(column).width = 16;
  }

  sheet.items.forEach((line, index) => {
    const row = ws.getRow(FIRST_LINE_ROW + index);
    row.values = [
      line.lineNo,
      line.description,
      line.unit,
      quantity(line.quantity),
      money(line.estimate.rate),
      money(line.estimate.amount),
    ];
    const lowest = new Set(line.lowest);
    const included = new Set(line.included);
    const excluded = new Set(line.excluded);
    line.rates.forEach((rate, seller) => {
      const rateCell = row.getCell(rateColumn(seller));
      const amountCell = row.getCell(rateColumn(seller) + 1);
      if (rate === null) {
        rateCell.value = t.missing;
        return;
      }
      rateCell.value = excluded.has(seller) ? t.excluded : money(rate);
      amountCell.value = money(line.amounts[seller] ?? '0.00');
      if (included.has(seller)) rateCell.note = t.included;
      if (lowest.has(seller))
        for (const cell of [rateCell, amountCell]) {
          cell.font = { bold: true };
          cell.fill = LOWEST_FILL;
        }
    });
  });

  // Under the lines: totals by formula, then what each seller's quotation comes to against the estimate.
  const lastLine = FIRST_LINE_ROW + sheet.items.length - 1;
  const totalRow = ws.getRow(lastLine + 2);
  const sum = (column: number, result: string) => ({
    formula: sheet.items.length > 0 ? `SUM(${columnLetters(column)}${FIRST_LINE_ROW}:${columnLetters(column)}${lastLine})` : '0',
    result: money(result),
  });
  totalRow.getCell(2).value = t.total;
  totalRow.getCell(FIXED_COLUMNS).value = sum(FIXED_COLUMNS, sheet.estimate.total);
  totalRow.font = { bold: true };
  const summary: [string, (index: number) => ExcelJS.CellValue][] = [
    [t.deviation, (i) => money(sheet.sellers[i]!.deviation.amount)],
    [
      t.deviationPercent,
      (i) => {
        const percent = sheet.sellers[i]!.deviation.percent;
        return percent === null ? '-' : `${percent} %`;
      },
    ],
    [t.rank, (i) => sheet.sellers[i]!.rank],
    [t.lowestLines, (i) => sheet.sellers[i]!.lowestLines],
    [
      t.counts,
      (i) => {
        const s = sheet.sellers[i]!;
        return `${s.quoted} / ${s.included} / ${s.excluded} / ${s.missing}`;
      },
    ],
    [
      t.revision,
      (i) => {
        const s = sheet.sellers[i]!;
        return `${s.revision}, ${s.revisedAt.replace('T', ' ').slice(0, 16)} UTC`;
      },
    ],
  ];
  sheet.sellers.forEach((seller, i) => {
    totalRow.getCell(rateColumn(i) + 1).value = sum(rateColumn(i) + 1, seller.total);
  });
  summary.forEach(([label, value], offset) => {
    const row = ws.getRow(lastLine + 3 + offset);
    row.getCell(2).value = label;
    sheet.sellers.forEach((_, i) => {
      const cell = row.getCell(rateColumn(i) + 1);
      cell.value = value(i);
      cell.alignment = { horizontal: 'right' };
    });
  });
  const notQuotedRow = ws.getRow(lastLine + 4 + summary.length);
  notQuotedRow.getCell(2).value =
    `${t.notQuoted}: ${notQuoted.length === 0 ? t.none : notQuoted.map((s) => s.sellerName ?? s.sellerCompanyId).join(', ')}`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
