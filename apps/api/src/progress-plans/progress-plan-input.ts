// Reading a progress plan route's path and body (the command handlers' and the reads' shared checks): the
// project id in the path, a BQ row's planned dates and percent complete. Refusals are `refusal`s, answered
// by the error filter.
import { refusal, invalidFields } from '../common/refusal.js';
import { type Body as Json } from '../bills-of-quantity/bq-input.js';
import { isUuid } from '../common/uuid.js';
import { formatSen, parsePercent } from '../documents/money.js';
import type { PlanRow } from './progress-plan.decider.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The path's project id: one that is no uuid is no project (404 progressPlanNotFound). */
export function planProject(id: string): string {
  if (!isUuid(id)) throw refusal(404, 'progressPlanNotFound', 'No such project.');
  return id;
}

function isDate(value: string): boolean {
  const time = new Date(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(time.getTime()) && time.toISOString().startsWith(value);
}

/** { plannedStart, plannedEnd } (ISO dates or null, both together) and / or { percentComplete } (0 to 100). */
export function rowOf(nodeId: string, body: Json): PlanRow {
  const problems: Record<string, string[]> = {};
  const date = (key: string): string | null => {
    const value = body[key];
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || !isDate(value)) problems[key] = ['must be a date (YYYY-MM-DD) or null'];
    return typeof value === 'string' ? value : null;
  };
  const row: PlanRow = { nodeId };
  if (body.plannedStart !== undefined || body.plannedEnd !== undefined)
    row.dates = { plannedStart: date('plannedStart'), plannedEnd: date('plannedEnd') };
  if (body.percentComplete !== undefined) {
    const raw = body.percentComplete;
    const basis = typeof raw === 'string' || typeof raw === 'number' ? parsePercent(String(raw).trim()) : null;
    if (basis === null || basis < 0n) problems.percentComplete = ['must be a percentage from 0, at most 2 decimals'];
    else row.percentComplete = formatSen(basis);
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  if (!row.dates && row.percentComplete === undefined)
    throw invalidFields({ body: ['send plannedStart and plannedEnd, or percentComplete'] });
  return row;
}
