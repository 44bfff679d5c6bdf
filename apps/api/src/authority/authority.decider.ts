// Deciding on assignments and manuals (pure): given the folded state, a command and the actor, the event to
// append or a refusal (`refusal`). Request bodies are parsed here too, so the rules sit in one place.
import { refusal, invalidFields } from '../common/refusal.js';
import { AuthorityLevels, isWorkflowResource, VerifyLevels, type AuthorityLevel, type VerifyLevel } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { parseLevelRules } from './manual-level-rules.js';
import { assignmentKey, type AuthorityEvent, type ManualData, type ManualLevelData } from './authority.events.js';

const LEVELS: readonly number[] = Object.values(AuthorityLevels);
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

export type Assignment = { code: string; userId: string; level: AuthorityLevel };

/** `{ code, user_id, workflow_level }`: a workflow resource code, a user id and one of 10, 20, 21, 22, 23. */
export function parseAssignment(raw: unknown): Assignment {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  if (typeof body.code !== 'string' || !isWorkflowResource(body.code))
    problems.code = ['must be a workflow resource code (GET /api/workflows)'];
  if (typeof body.user_id !== 'string' || body.user_id.length === 0 || body.user_id.length > 64) problems.user_id = ['must be a user id'];
  if (typeof body.workflow_level !== 'number' || !LEVELS.includes(body.workflow_level))
    problems.workflow_level = [`must be one of ${LEVELS.join(', ')}`];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { code: body.code as string, userId: body.user_id as string, level: body.workflow_level as AuthorityLevel };
}

/** The assignments a company's events record (its own stream and the companies context's older grants). */
export function foldAssignments(events: readonly StoredEvent[]): Set<string> {
  const held = new Set<string>();
  for (const event of events) {
    const data = event.data as { resourceCode?: string; userId?: string; level?: number };
    if (typeof data.resourceCode !== 'string' || typeof data.userId !== 'string' || typeof data.level !== 'number') continue;
    const key = assignmentKey(data.resourceCode, data.userId, data.level);
    if (event.type === 'CompanyAuthorityAssigned' || event.type === 'WorkflowLevelAssigned') held.add(key);
    if (event.type === 'WorkflowLevelUnassigned') held.delete(key);
  }
  return held;
}

export function decideAssign(held: ReadonlySet<string>, companyId: string, a: Assignment, isMember: boolean, by: string): AuthorityEvent {
  if (!isMember)
    throw refusal(422, 'userNotCompanyMember', 'The user holds no active role in this company.', {
      fields: { user_id: ['userNotCompanyMember'] },
    });
  if (held.has(assignmentKey(a.code, a.userId, a.level)))
    throw refusal(409, 'levelAlreadyAssigned', `The user already holds level ${a.level} on ${a.code}.`);
  return { type: 'WorkflowLevelAssigned', data: { companyId, resourceCode: a.code, userId: a.userId, level: a.level, by } };
}

export function decideUnassign(held: ReadonlySet<string>, companyId: string, a: Assignment, by: string): AuthorityEvent {
  if (!held.has(assignmentKey(a.code, a.userId, a.level)))
    throw refusal(409, 'levelNotAssigned', `The user does not hold level ${a.level} on ${a.code}.`);
  return { type: 'WorkflowLevelUnassigned', data: { companyId, resourceCode: a.code, userId: a.userId, level: a.level, by } };
}

export type ManualInput = Omit<ManualData, 'companyId' | 'resource' | 'version' | 'by'> & { expectedVersion: number | null };

function normaliseMoney(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${BigInt(whole!).toString()}.${fraction.padEnd(2, '0')}`;
}

/**
 * A manual body. Levels: verify levels in ascending order from VerifyLevel1 (20, which every round needs),
 * no level twice; limits in RM as decimal strings with at most 2 places, each above the one before; null
 * (no limit) only on the last level.
 */
export function parseManual(raw: unknown): ManualInput {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  const add = (field: string, problem: string) => (problems[field] ??= []).push(problem);
  if (typeof body.label !== 'string' || body.label.trim().length === 0 || body.label.length > 200)
    add('label', 'must be 1 to 200 characters');
  if (body.note !== undefined && (typeof body.note !== 'string' || body.note.length > 2000)) add('note', 'must be at most 2000 characters');
  if (body.allowSelfApproval !== undefined && typeof body.allowSelfApproval !== 'boolean')
    add('allowSelfApproval', 'must be true or false');
  if (body.roleType !== undefined && (typeof body.roleType !== 'string' || body.roleType.length > 50))
    add('roleType', 'must be at most 50 characters');
  const roles = body.roles ?? [];
  if (!Array.isArray(roles) || roles.length > 50 || roles.some((r) => typeof r !== 'string' || r.length === 0 || r.length > 100))
    add('roles', 'must be a list of at most 50 role names');
  const expected = body.expectedVersion;
  if (expected !== undefined && (typeof expected !== 'number' || !Number.isInteger(expected) || expected < 0))
    add('expectedVersion', 'must be a whole number');
  const levels: ManualLevelData[] = [];
  if (!Array.isArray(body.levels) || body.levels.length === 0 || body.levels.length > VerifyLevels.length)
    add('levels', 'must list 1 to 4 approval levels');
  else {
    body.levels.forEach((entry: unknown, index) => {
      const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const level = item.level;
      if (typeof level !== 'number' || level !== VerifyLevels[index])
        add(`levels[${index}].level`, `must be ${VerifyLevels[index]} (levels run 20, 21, 22, 23 in order)`);
      const limit = item.limit ?? null;
      if (limit !== null && (typeof limit !== 'string' || !MONEY.test(limit)))
        add(`levels[${index}].limit`, 'must be an RM amount as a decimal string (e.g. "10000.00") or null');
      const rules = parseLevelRules(item, index, index === (body.levels as unknown[]).length - 1, add);
      levels.push({
        level: level as VerifyLevel,
        limit: typeof limit === 'string' && MONEY.test(limit) ? normaliseMoney(limit) : null,
        ...rules,
      });
    });
    levels.forEach((entry, index) => {
      const before = levels[index - 1];
      if (entry.limit === null && index < levels.length - 1) add(`levels[${index}].limit`, 'only the last level may have no limit');
      if (before && before.limit !== null && entry.limit !== null && Number(entry.limit) <= Number(before.limit))
        add(`levels[${index}].limit`, 'must be above the limit of the level before');
    });
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return {
    label: (body.label as string).trim(),
    note: (body.note as string | undefined) ?? '',
    levels,
    allowSelfApproval: body.allowSelfApproval === true,
    roleType: (body.roleType as string | undefined) ?? '',
    roles: roles as string[],
    expectedVersion: (expected as number | undefined) ?? null,
  };
}

/** Define (version 1) or change (version + 1) a manual; a stale `expectedVersion` is 409. */
export function decideManual(
  current: ManualData | null,
  companyId: string,
  resource: string,
  input: ManualInput,
  by: string,
): AuthorityEvent {
  if (!isWorkflowResource(resource)) throw refusal(404, 'unknownResource', `${resource} is not a workflow resource (GET /api/workflows).`);
  const version = current?.version ?? 0;
  if (input.expectedVersion !== null && input.expectedVersion !== version) {
    throw refusal(
      409,
      'wrongExpectedRevision',
      `The manual changed: you sent version ${input.expectedVersion}, it is at ${version}. Read it again.`,
    );
  }
  const { expectedVersion: _ignored, ...fields } = input;
  const data: ManualData = { ...fields, companyId, resource, version: version + 1, by };
  return current === null ? { type: 'AuthorityManualDefined', data } : { type: 'AuthorityManualChanged', data };
}

/** The manual a stream records now (its last definition), or null. */
export function foldManual(events: readonly StoredEvent[]): ManualData | null {
  let manual: ManualData | null = null;
  for (const event of events)
    if (event.type === 'AuthorityManualDefined' || event.type === 'AuthorityManualChanged') manual = event.data as unknown as ManualData;
  return manual;
}
