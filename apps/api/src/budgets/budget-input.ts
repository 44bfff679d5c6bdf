// Reading a budget route's path and body (the command handlers' and the reads' shared checks): the project
// id in the path, a line's fields. Refusals are `refusal`s, answered by the error filter.
import { refusal, Refused, invalidFields } from '../common/refusal.js';
import { text, type Body as Json } from '../bills-of-quantity/bq-input.js';
import { isUuid } from '../common/uuid.js';
import { formatSen, parseMoney } from '../documents/money.js';
import type { BudgetLineValues } from './budget.events.js';

/** The path's project id: one that is no uuid is no project (404 budgetNotFound). */
export function budgetProject(id: string): string {
  if (!isUuid(id)) throw refusal(404, 'budgetNotFound', 'No such project.');
  return id;
}

/**
 * The line's fields present in the body (all of them for a new line). Every bad field is reported at once in
 * `fields` (as the other validations do), not only the first one found.
 */
export function lineValues(body: Json, all: boolean): Partial<BudgetLineValues> {
  const out: Partial<BudgetLineValues> = {};
  const problems: Record<string, string[]> = {};
  const field = (key: keyof BudgetLineValues, read: () => string) => {
    if (!all && body[key] === undefined) return;
    try {
      out[key] = read();
    } catch (error) {
      if (!(error instanceof Refused) || !error.fields) throw error;
      Object.assign(problems, error.fields);
    }
  };
  field('code', () => text(body, 'code', 40, true).trim());
  field('description', () => text(body, 'description', 500).trim());
  field('amount', () => {
    const sen = typeof body.amount === 'string' ? parseMoney(body.amount.trim()) : null;
    if (sen === null || sen < 0n) throw invalidFields({ amount: ['must be an amount from 0 with at most 2 decimals'] });
    return formatSen(sen);
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return out;
}
