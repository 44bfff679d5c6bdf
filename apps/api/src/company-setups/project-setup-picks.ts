// A project's category and region picked from the company's setups: the names they have now, recorded on the
// project (so lists and reports read the name without a join). An item deactivated since it was picked stays
// on the project when an edit keeps it; picking one anew needs it active.
import { ErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';

type Picks = { categoryId: string | null; companyRegionId: string | null };

export async function projectSetupNames(
  db: SqlExecutor,
  companyId: string,
  picks: Picks,
  before: Picks | null,
): Promise<{ categoryName: string | null; companyRegionName: string | null }> {
  const ids = [picks.categoryId, picks.companyRegionId].filter((id): id is string => id !== null);
  const rows =
    ids.length === 0
      ? []
      : await db.query<{ item_id: string; kind: string; name: string; status: string }>(
          `SELECT item_id, kind, name, status FROM company_setup_items WHERE company_id = $1 AND item_id = ANY($2::text[]) AND kind IN ('projectCategory', 'projectRegion')`,
          [companyId, ids],
        );
  const problems: Record<string, string[]> = {};
  const nameOf = (id: string | null, kind: string, field: string, kept: string | null, codes: [string, string]): string | null => {
    if (id === null) return null;
    const row = rows.find((r) => r.item_id === id && r.kind === kind);
    if (!row) problems[field] = [codes[0]];
    else if (row.status !== 'active' && id !== kept) problems[field] = [codes[1]];
    return row?.name ?? null;
  };
  const categoryName = nameOf(picks.categoryId, 'projectCategory', 'project_category_id', before?.categoryId ?? null, [
    'categoryNotFound',
    'categoryInactive',
  ]);
  const companyRegionName = nameOf(picks.companyRegionId, 'projectRegion', 'project_region_id', before?.companyRegionId ?? null, [
    'companyRegionNotFound',
    'companyRegionInactive',
  ]);
  if (Object.keys(problems).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(problems).join(', ')}.`, { fields: problems });
  return { categoryName, companyRegionName };
}
