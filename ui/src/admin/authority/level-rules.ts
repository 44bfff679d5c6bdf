// A manual level as the editor holds it (text the user types) and as the api takes it (only the fields set).
// Pure, so what is sent is tested without a browser (level-rules.test.ts).
import type { AuthorityManualLevelBody, RejectRule, VerifyLevel } from '@binaan/contracts';

export type QuorumChoice = 'any' | 'all' | 'count';
export type EscalationChoice = 'nobody' | 'user' | 'nextLevel';

export type LevelDraft = {
  level: VerifyLevel;
  limit: string;
  quorum: QuorumChoice;
  /** "At least N": the N typed. */
  quorumCount: string;
  rejectRule: RejectRule;
  responseHours: string;
  escalateAfterHours: string;
  escalateTo: EscalationChoice;
  escalateUserId: string;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function levelDraft(level: AuthorityManualLevelBody): LevelDraft {
  const quorum = level.quorum ?? 'any';
  return {
    level: level.level,
    limit: level.limit ?? '',
    quorum: typeof quorum === 'number' ? 'count' : quorum,
    quorumCount: typeof quorum === 'number' ? String(quorum) : '',
    rejectRule: level.rejectRule ?? 'one',
    responseHours: text(level.responseHours),
    escalateAfterHours: text(level.escalateAfterHours),
    escalateTo: level.escalateTo?.to ?? 'nobody',
    escalateUserId: level.escalateTo?.to === 'user' ? level.escalateTo.userId : '',
  };
}

export const emptyLevel = (level: VerifyLevel): LevelDraft => levelDraft({ level, limit: null });

/**
 * A whole number as typed becomes a number; anything else is sent as typed, so the api's refusal names the
 * field (`levels[i].responseHours`) in the one place the rule lives, rather than a second copy of it here.
 */
function whole(typed: string): number | string {
  const trimmed = typed.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The body of one level: the defaults (any one, first reject, no due time, no escalation) are left out. */
export function levelBody(draft: LevelDraft): AuthorityManualLevelBody {
  const body: Record<string, unknown> = { level: draft.level, limit: draft.limit.trim() === '' ? null : draft.limit.trim() };
  if (draft.quorum === 'all') body.quorum = 'all';
  if (draft.quorum === 'count') body.quorum = whole(draft.quorumCount);
  if (draft.rejectRule === 'majority') body.rejectRule = 'majority';
  if (draft.responseHours.trim() !== '') body.responseHours = whole(draft.responseHours);
  if (draft.escalateAfterHours.trim() !== '') body.escalateAfterHours = whole(draft.escalateAfterHours);
  if (draft.escalateTo === 'nextLevel') body.escalateTo = { to: 'nextLevel' };
  if (draft.escalateTo === 'user') body.escalateTo = { to: 'user', userId: draft.escalateUserId };
  return body as AuthorityManualLevelBody;
}

/** After the last level is removed, the new last one has no next level to escalate to. */
export function withoutLastLevel(levels: readonly LevelDraft[]): LevelDraft[] {
  const kept = levels.slice(0, -1);
  return kept.map((level, index) =>
    index === kept.length - 1 && level.escalateTo === 'nextLevel' ? { ...level, escalateTo: 'nobody' as const } : level,
  );
}

export type LevelField = 'limit' | 'quorum' | 'rejectRule' | 'responseHours' | 'escalateAfterHours' | 'escalateTo';

/** The api's field errors (`levels[1].quorum`) by level index and field. */
export function levelFieldErrors(fields: Readonly<Record<string, readonly string[]>>): Map<number, Set<LevelField>> {
  const found = new Map<number, Set<LevelField>>();
  for (const key of Object.keys(fields)) {
    const match = /^levels\[(\d+)\]\.(\w+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as LevelField;
    found.set(index, (found.get(index) ?? new Set()).add(field));
  }
  return found;
}

/**
 * The key of the message under a field the api refused. A response time is refused either for its value or
 * because the level escalates without one: which, the draft tells.
 */
export function levelErrorKey(field: LevelField, draft: LevelDraft): string {
  if (field === 'responseHours' && draft.responseHours.trim() === '') return 'authority.manualRules.errors.responseHoursNeeded';
  if (field === 'escalateTo' && draft.escalateTo === 'user' && draft.escalateUserId === '')
    return 'authority.manualRules.errors.escalateToMember';
  return `authority.manualRules.errors.${field}`;
}
