// Reading a budget route's path and body (the command handlers' and the reads' shared checks): the project
// id in the path, a line's fields. Refusals are BqRefused, answered by BqRefusedFilter.
import { isUuid, text, type Body as Json } from '../bills-of-quantity/bq-input.js';
import { BqRefused, invalidBq } from '../bills-of-quantity/bq.errors.js';
import { formatSen, parseMoney } from '../documents/money.js';
import type { BudgetLineValues } from './budget.events.js';

/** The path's project id: one that is no uuid is no project (404 budgetNotFound). */
export function budgetProject(id: string): string {
  if (!isUuid(id)) throw new BqRefused(404, 'budgetNotFound', 'No such project.');
  return id;
}

/** The line's fields present in the body (all of them for a new line). */
export function lineValues(body: Json, all: boolean): Partial<BudgetLineValues> {
  const out: Partial<BudgetLineValues> = {};
  if (all || body.code !== undefined) out.code = text(body, 'code', 40, true).trim();
  if (all || body.description !== undefined) out.description = text(body, 'description', 500).trim();
  if (all || body.amount !== undefined) {
    const sen = typeof body.amount === 'string' ? parseMoney(body.amount.trim()) : null;
    if (sen === null || sen < 0n) throw invalidBq({ amount: ['must be an amount from 0 with at most 2 decimals'] });
    out.amount = formatSen(sen);
  }
  return out;
}
