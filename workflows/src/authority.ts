import {
  WorkflowAuthorityScopes,
  type AuthorityLevel,
  type AuthorityManual,
  type VerifyLevel,
  type WorkflowResource,
} from '@binaan/contracts';
import type { Actor, ApprovalRound } from './types.js';

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

/** The next verify level the round still misses, or null when every required level has approved. */
export function nextMissingLevel(round: ApprovalRound): VerifyLevel | null {
  for (const level of round.requiredLevels) {
    if (!round.approvals.some((a) => a.level === level)) return level;
  }
  return null;
}

/** True when the round has all its required levels. */
export function approvalComplete(round: ApprovalRound): boolean {
  return nextMissingLevel(round) === null;
}
