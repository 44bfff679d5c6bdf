import {
  WorkflowAuthorityScopes,
  type AuthorityLevel,
  type AuthorityManual,
  type LevelRule,
  type VerifyLevel,
  type WorkflowRefusalCode,
  type WorkflowResource,
} from '@binaan/contracts';
import type { Actor, ApprovalRecord, ApprovalRound, WorkflowContext } from './types.js';

/** Used when the api has no authority manual for a resource: one approval at VerifyLevel1, no limit. */
const DEFAULT_LEVELS: readonly VerifyLevel[] = [20];

/**
 * The verify levels a document of this amount needs, or null when the amount is above every level's limit.
 * Levels run upwards from VerifyLevel1; the first level whose limit covers the amount is the last one needed
 * (a small order may need only level 1). Without an amount every configured level is needed.
 */
export function requiredLevelsFor(amount: number | null, manual: AuthorityManual | undefined): readonly VerifyLevel[] | null {
  if (!manual || manual.levels.length === 0) return DEFAULT_LEVELS;
  const levels = [...manual.levels].sort((a, b) => a.level - b.level);
  if (amount === null) return levels.map((l) => l.level);
  const needed: VerifyLevel[] = [];
  for (const entry of levels) {
    needed.push(entry.level);
    if (entry.limit === null || amount <= entry.limit) return needed;
  }
  return null;
}

/** Whether the actor holds `level` on the resource in the scope the resource takes its authority from. */
export function holdsLevel(actor: Actor, resource: WorkflowResource, level: AuthorityLevel): boolean {
  const scope = WorkflowAuthorityScopes[resource];
  // Platform resources have no workflow assignments: their guards ask for an administrator instead.
  if (scope === 'platform') return false;
  const held = actor.authorities[scope][resource];
  return held !== undefined && held.includes(level);
}

/**
 * What each required level of a round opening now needs, from the manual's levels: null when every level is
 * the plain case (any one holder approves, the first reject ends the round), so such a round records what it
 * always did. The holders are the api's list for the document at this moment.
 */
export function levelRulesFor(required: readonly VerifyLevel[], manual: AuthorityManual | undefined): LevelRule[] | null {
  const rules = required.map((level): LevelRule => {
    const entry = manual?.levels.find((l) => l.level === level);
    const holders = [...new Set(entry?.holders ?? [])];
    const quorum = entry?.quorum ?? 'any';
    const wanted = quorum === 'any' ? 1 : quorum === 'all' ? holders.length : quorum;
    // n of m: asking for more than the level has people means all of them; never fewer than one.
    const need = Math.max(1, holders.length > 0 ? Math.min(wanted, holders.length) : wanted);
    return { level, need, holders, rejectRule: entry?.rejectRule ?? 'one' };
  });
  return rules.some((rule) => rule.need > 1 || rule.rejectRule === 'majority') ? rules : null;
}

/** The person an approval or vote counts for: the delegator when a delegate acted, else the actor. */
export const principalOf = (record: ApprovalRecord): string => record.onBehalfOf ?? record.userId;

export function ruleOf(round: ApprovalRound, level: VerifyLevel): LevelRule | undefined {
  return round.levelRules?.find((rule) => rule.level === level);
}

/** Distinct people (principals) who approved at a level. */
export function approversAt(round: ApprovalRound, level: VerifyLevel): string[] {
  return [...new Set(round.approvals.filter((a) => a.level === level).map(principalOf))];
}

/** The next verify level the round still misses (fewer approvals than it needs), or null when all are met. */
export function nextMissingLevel(round: ApprovalRound): VerifyLevel | null {
  for (const level of round.requiredLevels) {
    if (approversAt(round, level).length < (ruleOf(round, level)?.need ?? 1)) return level;
  }
  return null;
}

/** Whether the round's rule at `level` ends the round with one more reject by `principal`. */
export function rejectEndsRound(round: ApprovalRound, level: VerifyLevel, principal: string): boolean {
  const rule = ruleOf(round, level);
  if (!rule || rule.rejectRule === 'one' || rule.holders.length === 0) return true;
  const votes = new Set((round.rejections ?? []).filter((r) => r.level === level).map(principalOf));
  votes.add(principal);
  return votes.size * 2 > rule.holders.length;
}

/** Who an approver acts as at the round's waiting level: themselves, or the delegator whose authority they use. */
export type ApproverIdentity = { ok: true; onBehalfOf: string | null } | { ok: false; code: WorkflowRefusalCode };

const actedIn = (records: readonly ApprovalRecord[] | undefined, person: string): boolean =>
  (records ?? []).some((r) => r.userId === person || principalOf(r) === person);

/**
 * The one rule for who may act at `level` of the open round, shared by the guards and the recorded event:
 * the actor's own level, or an escalation naming them, comes first; otherwise a delegation in force whose
 * delegator holds the level now, covers the document's amount, did not create the document (unless the
 * manual allows) and has not acted in this round. A delegate never acts beyond the delegator, and nobody
 * approves their own document through someone else. `approving` adds the checks only an approval needs.
 */
export function approverIdentity(context: WorkflowContext, actor: Actor, level: VerifyLevel, approving: boolean): ApproverIdentity {
  const round = context.approval;
  const own =
    holdsLevel(actor, context.resource, level) ||
    (round.escalations ?? []).some((e) => e.level === level && e.userIds.includes(actor.userId));
  const selfForbidden = (person: string) => approving && !round.allowSelfApproval && context.createdByUserId === person;
  const acted = (person: string): WorkflowRefusalCode | null =>
    actedIn(round.rejections, person)
      ? 'alreadyRejectedByActor'
      : approving && actedIn(round.approvals, person)
        ? 'alreadyApprovedByActor'
        : null;
  if (own) {
    const already = acted(actor.userId);
    if (already) return { ok: false, code: already };
    return selfForbidden(actor.userId) ? { ok: false, code: 'selfApprovalForbidden' } : { ok: true, onBehalfOf: null };
  }
  const scope = WorkflowAuthorityScopes[context.resource];
  if (scope === 'platform') return { ok: false, code: 'noAuthority' };
  let refusal: WorkflowRefusalCode = 'noAuthority';
  for (const grant of actor.delegations ?? []) {
    if (!(grant.authorities[context.resource] ?? []).includes(level)) continue;
    if (grant.upTo !== null && (context.amount === null || context.amount > grant.upTo)) continue;
    const already = acted(actor.userId) ?? acted(grant.fromUserId);
    if (already) {
      refusal = already;
      continue;
    }
    if (selfForbidden(actor.userId) || selfForbidden(grant.fromUserId)) {
      refusal = 'selfApprovalForbidden';
      continue;
    }
    return { ok: true, onBehalfOf: grant.fromUserId };
  }
  return { ok: false, code: refusal };
}

/** True when the round has all its required levels. */
export function approvalComplete(round: ApprovalRound): boolean {
  return nextMissingLevel(round) === null;
}
