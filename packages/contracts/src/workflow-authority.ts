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
  /**
   * How many of the level's holders must approve: 'any' one of them (the default), 'all' of them, or a number
   * n (n of the m holders; more than m means all).
   */
  quorum?: LevelQuorum;
  /** When a reject at this level ends the round: at the first reject ('one', the default) or at a majority of its holders. */
  rejectRule?: RejectRule;
  /**
   * The holders of the level when a round opens, as the api resolves them for the document (its project's or
   * its company's). They fix what 'all' and a majority mean for that round and whom the round still awaits.
   */
  holders?: readonly string[];
};

export type LevelQuorum = 'any' | 'all' | number;
export type RejectRule = 'one' | 'majority';

/**
 * What an approval round asks of one level, fixed when the round opens: `need` approvals by distinct people
 * among `holders` (or acting for them), and how a reject there counts.
 */
export type LevelRule = {
  level: VerifyLevel;
  need: number;
  holders: readonly string[];
  rejectRule: RejectRule;
};

/**
 * Authority one user lends another for a period (the authority context resolves which grants are in force at
 * the decision time and what the delegator holds now): the delegate may act at the levels listed, for
 * documents up to `upTo` RM (null: no cap), never beyond what the delegator holds.
 */
export type DelegatedAuthority = {
  fromUserId: string;
  /** The delegator's levels per resource, already narrowed to the kinds delegated. */
  authorities: AuthorityAssignments;
  upTo: number | null;
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
