// A company's machinery list for the lists bench (GET /api/company/profile/lists/machinery, as the company's
// administrator): its read model grown in SQL, `size` machines of the bench company, one type of six and a brand
// of eight. Each call reads company_profile_entries_by_name (company, list, name order) a page at a time; the
// deep page is a keyset `after`; a search tests `search` with the trigram index for a rare word. BENCH_CALLS=profile
// measures these alone (only when named: their rows would sit beside the demo's machines in every other run).
import type { PlanCall } from './plan-lists.js';

const BRANDS = ['Caterpillar', 'Komatsu', 'Hitachi', 'Volvo', 'Kobelco', 'Sany', 'Liebherr', 'Tadano'];
const TYPES = ['Excavator', 'Crane', 'Lorry', 'Roller', 'Backhoe', 'Generator'];
const PAGE = { limit: '25' };
const brandOf = (n: number) => BRANDS[n % BRANDS.length]!;
const sortKey = (n: number) => `${brandOf(n)} M${String(n).padStart(7, '0')}`.toLowerCase();
const AFTER = Buffer.from(JSON.stringify([sortKey(976), 'bench-machine-976'])).toString('base64url');
const bare = (where?: string) => ({
  table: 'company_profile_entries',
  owner: 'company_id' as const,
  where: `list = 'machinery'${where ? ` AND ${where}` : ''}`,
  order: 'company_id, list, sort_key, entry_id',
});

export const PROFILE_CALLS: PlanCall[] = [
  {
    name: 'profile: machinery, first page by name',
    as: 'companyAdmin',
    path: '/api/company/profile/lists/machinery',
    query: PAGE,
    bare: bare(),
  },
  {
    name: 'profile: machinery after the 976th (keyset)',
    as: 'companyAdmin',
    path: '/api/company/profile/lists/machinery',
    query: { ...PAGE, after: AFTER },
    bare: bare(`(sort_key, entry_id) > ('${sortKey(976)}', 'bench-machine-976')`),
  },
  {
    name: 'profile: machinery q=crane (1 in 6)',
    as: 'companyAdmin',
    path: '/api/company/profile/lists/machinery',
    query: { ...PAGE, q: 'crane' },
    bare: bare("search LIKE '%crane%'"),
  },
  {
    name: 'profile: machinery q=m0000778 (one)',
    as: 'companyAdmin',
    path: '/api/company/profile/lists/machinery',
    query: { ...PAGE, q: 'm0000778' },
    bare: bare("search LIKE '%m0000778%'"),
  },
];

/** Bench machines n = from .. to-1 of `company`. */
export function growProfileSql(company: string, from: number, to: number): string[] {
  if (to <= from) return [];
  const brand = `(ARRAY['${BRANDS.join("', '")}'])[1 + n % ${BRANDS.length}]`;
  const type = `(ARRAY['${TYPES.join("', '")}'])[1 + n % ${TYPES.length}]`;
  const model = `'M' || lpad(n::text, 7, '0')`;
  return [
    `INSERT INTO company_profile_entries (company_id, list, entry_id, sort_key, search, fields, added_at, changed_at)
    SELECT '${company}', 'machinery', 'bench-machine-' || n, lower(${brand} || ' ' || ${model}), lower(${brand} || ' ' || ${model} || ' ' || ${type} || ' 20 t'),
      jsonb_build_object('brand', ${brand}, 'model', ${model}, 'type', ${type}, 'capacity', '20 t', 'quantity', 1, 'yearMade', 2020), now(), now()
    FROM generate_series(${from}, ${to - 1}) AS n`,
  ];
}

export const PROFILE_ANALYZE = ['VACUUM ANALYZE company_profile_entries'];
