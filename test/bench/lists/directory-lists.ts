// The public contractor directory for the lists bench (GET /api/public/contractors, no session): its read
// model grown in SQL, `size` companies of which six in seven are listed (so shown), each with one or two
// trades, one of fifteen states (none in Perlis) and a name holding one word of eight. Listing, trade, state
// and word vary independently (7, 6, 15 and 8: the listing's 7 shares no factor with the others, so no state
// or word is left unlisted). Each call has an index for its filter in the directory's order
// (contractor_directory_by_name / _by_state, contractor_directory_trades_by_name / _by_state) and the deep page is
// a keyset `after`, so no call reads more than its page. BENCH_CALLS=directory measures these alone (only when
// named: their rows would sit beside the demo's in every other run).
import { directoryCursor } from '@binaan/api/dist/companies/contractor-directory.js';
import type { PlanCall } from './plan-lists.js';

const WORDS = ['Bina', 'Jaya', 'Maju', 'Teknik', 'Elektrik', 'Sivil', 'Bekalan', 'Konsult'];
const TRADES = [
  "ARRAY['building']",
  "ARRAY['building', 'civilEngineering']",
  "ARRAY['mechanicalElectrical']",
  "ARRAY['supply']",
  "ARRAY['consultancy']",
  "ARRAY['civilEngineering', 'facilityManagement']",
];
/** Every state but Perlis (19): the directory's answer for a state where no company is listed. */
const STATES = [1, 2, 3, 4, 5, 10, 11, 13, 14, 16, 17, 18, 21, 22, 24];
const nameOf = (n: number) => `Bench contractor ${String(n).padStart(7, '0')} ${WORDS[n % WORDS.length]} Sdn Bhd`;
const PAGE = { limit: '25' };
/** The row a deep page starts after: the 976th bench company (listed: 976 % 7 is not 0). */
const AFTER = { key: nameOf(976).toLowerCase(), id: 'bench-dir-976' };

export const DIRECTORY_CALLS: PlanCall[] = [
  {
    name: 'directory: first page by name',
    path: '/api/public/contractors',
    query: PAGE,
    bare: { table: 'contractor_directory', owner: 'shown', order: 'sort_key, company_id' },
  },
  {
    name: 'directory: trade building',
    path: '/api/public/contractors',
    query: { ...PAGE, trade: 'building' },
    bare: { table: 'contractor_directory_trades', owner: 'trade', ownerValue: 'building', order: 'trade, sort_key, company_id' },
  },
  {
    name: 'directory: state Selangor',
    path: '/api/public/contractors',
    query: { ...PAGE, state: '1' },
    bare: { table: 'contractor_directory', owner: 'shown', where: 'state = 1', order: 'state, sort_key, company_id' },
  },
  {
    name: 'directory: state Perlis (none listed)',
    path: '/api/public/contractors',
    query: { ...PAGE, state: '19' },
    bare: { table: 'contractor_directory', owner: 'shown', where: 'state = 19', order: 'state, sort_key, company_id' },
  },
  {
    name: 'directory: trade supply in Johor',
    path: '/api/public/contractors',
    query: { ...PAGE, trade: 'supply', state: '5' },
    bare: {
      table: 'contractor_directory_trades',
      owner: 'trade',
      ownerValue: 'supply',
      where: 'state = 5',
      order: 'trade, state, sort_key, company_id',
    },
  },
  {
    name: 'directory: page after the 976th (keyset)',
    path: '/api/public/contractors',
    query: { ...PAGE, after: directoryCursor(AFTER) },
    bare: {
      table: 'contractor_directory',
      owner: 'shown',
      where: `(sort_key, company_id) > ('${AFTER.key}', '${AFTER.id}')`,
      order: 'sort_key, company_id',
    },
  },
  {
    name: 'directory: search q=elektrik (1 in 8)',
    path: '/api/public/contractors',
    query: { ...PAGE, q: 'elektrik' },
    bare: { table: 'contractor_directory', owner: 'shown', where: "sort_key LIKE '%elektrik%'", order: 'sort_key, company_id' },
  },
  {
    name: 'directory: search q=0000778 (one company)',
    path: '/api/public/contractors',
    query: { ...PAGE, q: '0000778' },
    bare: { table: 'contractor_directory', owner: 'shown', where: "sort_key LIKE '%0000778%'", order: 'sort_key, company_id' },
  },
  {
    name: 'directory: search q=kontraktor (none)',
    path: '/api/public/contractors',
    query: { ...PAGE, q: 'kontraktor' },
    bare: { table: 'contractor_directory', owner: 'shown', where: "sort_key LIKE '%kontraktor%'", order: 'sort_key, company_id' },
  },
];

/** Bench companies n = from .. to-1 in the directory; the shown ones in the public's tables. */
export function growDirectorySql(from: number, to: number): string[] {
  if (to <= from) return [];
  const series = `FROM generate_series(${from}, ${to - 1}) AS n`;
  const name = `'Bench contractor ' || lpad(n::text, 7, '0') || ' ' || (ARRAY['${WORDS.join("', '")}'])[1 + n % ${WORDS.length}] || ' Sdn Bhd'`;
  const trades = `CASE n % ${TRADES.length} ${TRADES.map((t, i) => `WHEN ${i} THEN ${t}::text[]`).join(' ')} END`;
  const ids = `SELECT 'bench-dir-' || n ${series}`;
  return [
    `INSERT INTO contractor_directory_companies (company_id, name, trades, state, town, cidb_grade, website, approved, listed)
       SELECT 'bench-dir-' || n, ${name}, ${trades}, (ARRAY[${STATES.join(', ')}])[1 + n % ${STATES.length}], 'Town ' || (n % 97), 1 + n % 7, NULL, true, n % 7 <> 0 ${series}`,
    `INSERT INTO contractor_directory (company_id, name, sort_key, trades, state, town, cidb_grade, website)
       SELECT company_id, name, lower(name), trades, state, town, cidb_grade, website FROM contractor_directory_companies
       WHERE approved AND listed AND company_id IN (${ids})`,
    `INSERT INTO contractor_directory_trades (trade, company_id, state, sort_key)
       SELECT unnest(trades), company_id, state, sort_key FROM contractor_directory WHERE company_id IN (${ids})`,
  ];
}

export const DIRECTORY_ANALYZE = ['contractor_directory_companies', 'contractor_directory', 'contractor_directory_trades'].map(
  (table) => `VACUUM ANALYZE ${table}`,
);
