// A BQ build-up's profit parameter picked from the company's setups: the parameter as it stands now
// (`{ id, code, description }`), recorded in the build-up's event, so renaming it later does not rewrite the
// build-up's history. Another company's parameter or an unknown id is 404 profitParameterNotFound; picking an
// inactive one is 422 profitParameterInactive, except the one the build-up already names (a build-up keeps its
// parameter when it is deactivated, as a project keeps its category).
import { refusal } from '../common/refusal.js';
import { BqErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { SetupFields } from '../company-setups/setup-items.events.js';
import type { BqProfitParameter } from './bq.events.js';

export async function profitParameterPick(db: SqlExecutor, companyId: string, id: string, kept: string | null): Promise<BqProfitParameter> {
  const [row] =
    id.length > 64
      ? []
      : await db.query<{ item_id: string; status: string; fields: SetupFields }>(
          `SELECT item_id, status, fields FROM company_setup_items WHERE company_id = $1 AND kind = 'profitParameter' AND item_id = $2`,
          [companyId, id],
        );
  if (!row)
    throw refusal(404, BqErrorCodes.profitParameterNotFound, 'This profit parameter was not found in your company.', {
      fields: { profitParameterId: [BqErrorCodes.profitParameterNotFound] },
    });
  if (row.status !== 'active' && row.item_id !== kept) {
    throw refusal(422, BqErrorCodes.profitParameterInactive, 'This profit parameter is inactive: choose an active one.', {
      fields: { profitParameterId: [BqErrorCodes.profitParameterInactive] },
    });
  }
  return { id: row.item_id, code: row.fields.name, description: row.fields.description };
}
