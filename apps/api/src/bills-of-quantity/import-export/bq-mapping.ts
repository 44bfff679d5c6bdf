// The mapping step of an Excel import: which sheet becomes which BQ tab, where its header row is, which
// column holds which field, and where each row's level comes from. The client gets the sheets' headers and
// sample rows with a proposed mapping (proposeSheetMapping), shows it, and imports with the mapping it
// settles on. The mapping's shape is checked before the file is read (parseMapping): a wrong one is a 400
// with the field named; a mapping that does not fit the file (unknown sheet) is a 422 after reading.

export const BQ_COLUMN_KEYS = ['level', 'type', 'title', 'description', 'unit', 'quantity', 'rate'] as const;
export type BqColumnKey = (typeof BQ_COLUMN_KEYS)[number];

/**
 * Where levels come from: a level column (1 = top of the tab); the rows' outline levels (Excel's grouping,
 * 0 = level 1); or 'flat': a row without unit, quantity and rate is a header at level 1 and the rows under
 * it are its items (the usual printed BQ with no grouping).
 */
export const BQ_LEVEL_SOURCES = ['column', 'outline', 'flat'] as const;
export type BqLevelSource = (typeof BQ_LEVEL_SOURCES)[number];

export type BqSheetMapping = {
  /** The workbook's sheet name. */
  sheet: string;
  /** The BQ tab the rows go to (the sheet's name when not given). */
  tab: string;
  /** 1-based; the rows below it are data. */
  headerRow: number;
  levels: BqLevelSource;
  /** Column letters ("A", "AB") per field; title or description must be mapped. */
  columns: Partial<Record<BqColumnKey, string>>;
};

export type BqImportMapping = { sheets: BqSheetMapping[] };

export const MAX_SHEETS = 50;
export const MAX_HEADER_ROW = 100;
const COLUMN = /^[A-Z]{1,3}$/;

export type MappingProblem = { field: string; code: string };

/** Column letters to a 1-based index ("A" 1, "AA" 27). */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** 1-based index to column letters. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The mapping from the request (JSON), or the problems with its shape, each on its field. */
export function parseMapping(input: unknown): { mapping: BqImportMapping } | { problems: MappingProblem[] } {
  const problems: MappingProblem[] = [];
  const sheets = (input as { sheets?: unknown } | null)?.sheets;
  if (!Array.isArray(sheets) || sheets.length === 0 || sheets.length > MAX_SHEETS)
    return { problems: [{ field: 'sheets', code: 'bqMappingSheetsInvalid' }] };
  const out: BqSheetMapping[] = [];
  const tabs = new Set<string>();
  sheets.forEach((raw: unknown, i) => {
    const at = (name: string) => `sheets[${i}].${name}`;
    const s = (raw ?? {}) as Record<string, unknown>;
    if (typeof s.sheet !== 'string' || s.sheet.trim() === '' || s.sheet.length > 31)
      problems.push({ field: at('sheet'), code: 'bqMappingSheetInvalid' });
    const tab = typeof s.tab === 'string' && s.tab.trim() !== '' ? s.tab.trim() : typeof s.sheet === 'string' ? s.sheet.trim() : '';
    if (tab.length > 100) problems.push({ field: at('tab'), code: 'bqMappingTabInvalid' });
    else if (tabs.has(tab.toLowerCase())) problems.push({ field: at('tab'), code: 'bqMappingTabRepeated' });
    tabs.add(tab.toLowerCase());
    const headerRow = s.headerRow ?? 1;
    if (!Number.isInteger(headerRow) || (headerRow as number) < 1 || (headerRow as number) > MAX_HEADER_ROW)
      problems.push({ field: at('headerRow'), code: 'bqMappingHeaderRowInvalid' });
    const levels = s.levels ?? 'column';
    if (!BQ_LEVEL_SOURCES.includes(levels as BqLevelSource)) problems.push({ field: at('levels'), code: 'bqMappingLevelsInvalid' });
    const columns: Partial<Record<BqColumnKey, string>> = {};
    const given = (s.columns ?? {}) as Record<string, unknown>;
    if (typeof given !== 'object' || Array.isArray(given)) problems.push({ field: at('columns'), code: 'bqMappingColumnsInvalid' });
    const used = new Map<string, string>();
    for (const [key, value] of Object.entries(given ?? {})) {
      if (!BQ_COLUMN_KEYS.includes(key as BqColumnKey)) {
        problems.push({ field: at(`columns.${key}`), code: 'bqMappingFieldUnknown' });
        continue;
      }
      if (value === null || value === undefined || value === '') continue;
      const letters = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!COLUMN.test(letters) || columnIndex(letters) > 16_384) {
        problems.push({ field: at(`columns.${key}`), code: 'bqMappingColumnInvalid' });
        continue;
      }
      if (used.has(letters)) {
        problems.push({ field: at(`columns.${key}`), code: 'bqMappingColumnRepeated' });
        continue;
      }
      used.set(letters, key);
      columns[key as BqColumnKey] = letters;
    }
    if (!columns.title && !columns.description) problems.push({ field: at('columns.title'), code: 'bqMappingTitleMissing' });
    if (levels === 'column' && !columns.level) problems.push({ field: at('columns.level'), code: 'bqMappingLevelColumnMissing' });
    out.push({
      sheet: typeof s.sheet === 'string' ? s.sheet : '',
      tab,
      headerRow: headerRow as number,
      levels: levels as BqLevelSource,
      columns,
    });
  });
  return problems.length > 0 ? { problems } : { mapping: { sheets: out } };
}

/** Header words per field, in en, ms and zh, as estimators title their columns. */
const HEADER_WORDS: Record<BqColumnKey, RegExp> = {
  level: /^(level|lvl|outline|tahap|aras|层级|级别)$/i,
  type: /^(type|row type|jenis|类型)$/i,
  title: /^(title|item|item no\.?|item ref\.?|ref\.?|no\.?|code|tajuk|perkara|项目|编号|标题)$/i,
  description: /^(description|desc\.?|particulars|keterangan|huraian|描述|说明|工程内容)$/i,
  unit: /^(unit|uom|units|unit of measure|unit\(s\)|单位)$/i,
  quantity: /^(quantity|qty\.?|quantities|kuantiti|数量)$/i,
  rate: /^(rate|unit rate|rate \(rm\)|rate rm|price|unit price|kadar|harga|单价)$/i,
};

export type SheetHeaders = { name: string; rows: { row: number; outlineLevel: number; cells: (string | number | null)[] }[] };

/**
 * A mapping proposed from a sheet's first rows: the header row is the first with a title or description
 * word, each field the first column whose header names it; levels from a level column, else the outline
 * when the sheet has one, else flat. Null when no header row names a title or description.
 */
export function proposeSheetMapping(sheet: SheetHeaders, outlined: boolean): BqSheetMapping | null {
  for (const row of sheet.rows) {
    if (row.row > MAX_HEADER_ROW) break;
    const columns: Partial<Record<BqColumnKey, string>> = {};
    row.cells.forEach((cell, i) => {
      const text = typeof cell === 'string' ? cell.trim().replace(/\s+/g, ' ') : '';
      if (!text) return;
      for (const key of BQ_COLUMN_KEYS) {
        if (!columns[key] && !Object.values(columns).includes(columnLetters(i + 1)) && HEADER_WORDS[key].test(text)) {
          columns[key] = columnLetters(i + 1);
          break;
        }
      }
    });
    if (!columns.title && !columns.description) continue;
    const levels: BqLevelSource = columns.level ? 'column' : outlined ? 'outline' : 'flat';
    return { sheet: sheet.name, tab: sheet.name, headerRow: row.row, levels, columns };
  }
  return null;
}
