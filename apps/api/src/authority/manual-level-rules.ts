// The parts of a manual's level beyond its limit: quorum, reject rule, response time and escalation. Parsed
// apart from the limits (authority.decider.ts) so each rule reads on its own; a field left out is not
// recorded, so a manual that uses none of them is stored exactly as before they existed.
import type { AuthorityManualLevelBody, EscalationTarget } from '@binaan/contracts';

/** A month of hours: a longer response time is no due time at all. */
const MAX_HOURS = 720;
/** No level has more people than a company's members; 50 keeps "n of m" readable. */
const MAX_QUORUM = 50;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

type Rules = Omit<AuthorityManualLevelBody, 'level' | 'limit'>;

const hours = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_HOURS;

/**
 * The rules of one level from the request, with each problem under `levels[i].<field>`. `isLast`: the last
 * level cannot escalate to a next level.
 */
export function parseLevelRules(
  item: Record<string, unknown>,
  index: number,
  isLast: boolean,
  add: (field: string, problem: string) => void,
): Rules {
  const at = (field: string) => `levels[${index}].${field}`;
  const rules: Rules = {};
  const { quorum, rejectRule, responseHours, escalateAfterHours, escalateTo } = item;
  if (quorum !== undefined) {
    if (
      quorum === 'any' ||
      quorum === 'all' ||
      (typeof quorum === 'number' && Number.isInteger(quorum) && quorum >= 1 && quorum <= MAX_QUORUM)
    )
      rules.quorum = quorum;
    else add(at('quorum'), `must be "any", "all" or a whole number from 1 to ${MAX_QUORUM}`);
  }
  if (rejectRule !== undefined) {
    if (rejectRule === 'one' || rejectRule === 'majority') rules.rejectRule = rejectRule;
    else add(at('rejectRule'), 'must be "one" (the first reject ends the round) or "majority"');
  }
  if (responseHours !== undefined && responseHours !== null) {
    if (hours(responseHours)) rules.responseHours = responseHours as number;
    else add(at('responseHours'), `must be a whole number of hours from 1 to ${MAX_HOURS}, or null`);
  }
  if (escalateAfterHours !== undefined && escalateAfterHours !== null) {
    if (hours(escalateAfterHours)) rules.escalateAfterHours = escalateAfterHours as number;
    else add(at('escalateAfterHours'), `must be a whole number of hours from 1 to ${MAX_HOURS}, or null`);
  }
  if (escalateTo !== undefined && escalateTo !== null) {
    const target = parseTarget(escalateTo);
    if (!target) add(at('escalateTo'), 'must be { "to": "nextLevel" } or { "to": "user", "userId": "<member>" }');
    else if (target.to === 'nextLevel' && isLast) add(at('escalateTo'), 'the last level has no next level to escalate to');
    else rules.escalateTo = target;
  }
  // Escalation runs from the due time: a level without one never becomes overdue.
  if ((rules.escalateTo || rules.escalateAfterHours) && rules.responseHours === undefined)
    add(at('responseHours'), 'is needed for a level that escalates');
  return rules;
}

function parseTarget(raw: unknown): EscalationTarget | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  if (value.to === 'nextLevel' && Object.keys(value).length === 1) return { to: 'nextLevel' };
  if (value.to === 'user' && typeof value.userId === 'string' && USER_ID.test(value.userId)) return { to: 'user', userId: value.userId };
  return null;
}

/** Members an escalation names (each must be an active member of the company when the manual is saved). */
export function namedMembers(levels: readonly AuthorityManualLevelBody[]): string[] {
  return levels.flatMap((level) => (level.escalateTo?.to === 'user' ? [level.escalateTo.userId] : []));
}
