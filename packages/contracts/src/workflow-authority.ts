import type { WorkflowResource } from './workflow-resources.js';

// Authority levels of company and project workflow assignments (spec §3.1). The spec's labels mention a
// verify level 4 without a number: it is 23, next after VerifyLevel3 22. Levels 2 to 4 are optional.
export const AuthorityLevels = {
  CreatePropose: 10,
  VerifyLevel1: 20,
  VerifyLevel2: 21,
  VerifyLevel3: 22,
  VerifyLevel4: 23,
} as const;

export type AuthorityLevel = (typeof AuthorityLevels)[keyof typeof AuthorityLevels];
export type VerifyLevel = Exclude<AuthorityLevel, 10>;

/** Verify levels in the order approvals must come in. */
export const VerifyLevels: readonly VerifyLevel[] = [20, 21, 22, 23];

/** Levels a user holds, per resource code (the workflow resource name is the code). */
export type AuthorityAssignments = Partial<Record<WorkflowResource, readonly AuthorityLevel[]>>;

/**
 * One approval level of an authority manual. `limit` is the largest document amount (RM) this level may be
 * the last approver of; null means no limit.
 */
export type AuthorityManualLevel = {
  level: VerifyLevel;
  limit: number | null;
};

/**
 * A company's (or project's) authority manual for one resource: which verify levels exist, their limits, and
 * whether the creator of a document may also approve it.
 */
export type AuthorityManual = {
  resource: WorkflowResource;
  levels: readonly AuthorityManualLevel[];
  allowSelfApproval: boolean;
};
