import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  VerifyLevels,
  WorkflowResourceNames,
  WorkflowStatuses,
  type AuthorityManual,
  type DelegatedAuthority,
  type LevelQuorum,
  type RejectRule,
  type VerifyLevel,
  type WorkflowEventName,
  type WorkflowResource,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { approversAt, holdsLevel, nextMissingLevel, principalOf, ruleOf } from './authority.js';
import { availableActions } from './available-actions.js';
import { catalogueEntry } from './catalogue.js';
import { decide } from './decide.js';
import { evolve, foldStatusEvents } from './evolve.js';
import { ALL_LEVELS, adminUser, userWith } from './testing/actors.js';
import { SYSTEM_ACTOR, type Actor, type WorkflowCommand, type WorkflowState } from './types.js';

// Properties over random command sequences by random actors with random authorities, for every machine.

const OWNER = 'OWNER-CO';
const PARTNER = 'PARTNER-CO';

const OWNERS = ['owner-0', 'owner-1', 'owner-2', 'owner-3'];

/** A level's rules: who must approve (any one, all, n of m) and how a reject counts, over some of the owners. */
const levelRulesArb = fc.record({
  quorum: fc.oneof(fc.constant<LevelQuorum>('any'), fc.constant<LevelQuorum>('all'), fc.integer({ min: 1, max: 5 })),
  rejectRule: fc.constantFrom<RejectRule>('one', 'majority'),
  holders: fc.subarray(OWNERS),
});

const manualArb = (resource: WorkflowResource): fc.Arbitrary<AuthorityManual> =>
  fc
    .record({
      optional: fc.subarray(VerifyLevels.slice(1)),
      limits: fc.array(fc.option(fc.integer({ min: 1_000, max: 2_000_000 }), { nil: null }), { minLength: 4, maxLength: 4 }),
      allowSelfApproval: fc.boolean(),
      rules: fc.array(fc.option(levelRulesArb, { nil: undefined, freq: 4 }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ optional, limits, allowSelfApproval, rules }) => ({
      resource,
      levels: [20 as VerifyLevel, ...optional].map((level, i) => ({ level, limit: limits[i] ?? null, ...(rules[i] ?? {}) })),
      allowSelfApproval,
    }));

/** A delegation an owner gives another: some of the delegator's own levels (never more), with or without a cap. */
const delegationArb = fc.record({
  from: fc.nat({ max: 3 }),
  to: fc.nat({ max: 3 }),
  keep: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  upTo: fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: null }),
});

const actorsArb = (resource: WorkflowResource): fc.Arbitrary<Actor[]> =>
  fc
    .tuple(
      fc.array(fc.subarray([...ALL_LEVELS]), { minLength: 4, maxLength: 4 }),
      fc.array(fc.subarray([...ALL_LEVELS]), { minLength: 2, maxLength: 2 }),
      fc.array(delegationArb, { minLength: 2, maxLength: 6 }),
    )
    .map(([owners, partners, grants]) => {
      const ownerActors = owners.map((levels, i) => userWith(resource, OWNERS[i]!, OWNER, levels));
      for (const grant of grants) {
        if (grant.from === grant.to) continue;
        const lent = owners[grant.from]!.filter((_, i) => grant.keep[i]);
        const delegation: DelegatedAuthority = {
          fromUserId: OWNERS[grant.from]!,
          authorities: { [resource]: lent },
          upTo: grant.upTo,
        };
        const delegate = ownerActors[grant.to]!;
        ownerActors[grant.to] = { ...delegate, delegations: [...(delegate.delegations ?? []), delegation] };
      }
      return [
        ...ownerActors,
        ...partners.map((levels, i) => userWith(resource, `partner-${i}`, PARTNER, levels)),
        userWith(resource, 'stranger', 'STRANGER-CO', ALL_LEVELS),
        SYSTEM_ACTOR,
        adminUser(),
      ];
    });

/** The platform's escalation of the waiting level to one of the owners, as the timer would send it. */
function escalationFor(state: WorkflowState | null, pick: number): WorkflowCommand['escalation'] {
  const level = state ? nextMissingLevel(state.context.approval) : null;
  return { level: level ?? 20, toUserIds: [OWNERS[pick % OWNERS.length]!] };
}

const stepArb = fc.record({
  // Mostly guided (an event some actor is offered now) so runs get deep; sometimes anything by anyone.
  guided: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  pick: fc.nat(),
  actor: fc.nat(),
  remark: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  amount: fc.option(fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 3_000_000 })), { nil: undefined }),
  createdBySeller: fc.option(fc.boolean(), { nil: undefined }),
  ownerCompanyId: fc.option(fc.constantFrom(OWNER, PARTNER), { nil: undefined, freq: 4 }),
});

const scenarioArb = (resource: WorkflowResource) =>
  fc.record({ manual: manualArb(resource), actors: actorsArb(resource), steps: fc.array(stepArb, { minLength: 1, maxLength: 50 }) });

/** Events that end or undo the way forward: offered once, every other offer four times, so runs get deep. */
const BACKWARD: ReadonlySet<string> = new Set([
  'Cancel',
  'Reject',
  'Reject_By_Seller',
  'Reject_By_Buyer',
  'Reject_By_System',
  'Terminate',
  'Deactivate',
  'Suspend',
]);

function weighted(actor: Actor, event: WorkflowEventName): (readonly [Actor, WorkflowEventName])[] {
  const offer = [actor, event] as const;
  return BACKWARD.has(event) ? [offer] : [offer, offer, offer, offer];
}

/** Statuses where an approval round collects levels: they have Approve transitions. */
function approvalStatuses(resource: WorkflowResource): Set<string> {
  return new Set(
    catalogueEntry(resource)
      .transitions.filter((t) => t.event === 'Approve')
      .map((t) => t.from ?? ''),
  );
}

function checkAccepted(
  resource: WorkflowResource,
  before: WorkflowState | null,
  after: WorkflowState,
  event: WorkflowStatusChanged,
  actor: Actor,
): void {
  // Never a status outside the spec's list.
  expect(WorkflowStatuses[resource] as readonly string[]).toContain(after.status);
  expect(event.statusBefore).toBe(before?.status ?? null);
  // A user creates only for their own company; the system and administrators may name another one.
  if (before === null && actor.kind === 'user') expect(after.context.ownerCompanyId).toBe(actor.companyId);
  if ((event.approvalLevel !== null || event.rejectionLevel != null) && before) {
    const round = before.context.approval;
    const level = (event.approvalLevel ?? event.rejectionLevel)!;
    // The level acted at is the next one missing, reached by the actor's own level, an escalation naming
    // them, or a delegation whose delegator holds that level now and whose cap covers the amount.
    expect(level).toBe(nextMissingLevel(round));
    if (event.onBehalfOf) {
      const amount = before.context.amount;
      const covering = (actor.delegations ?? []).filter(
        (d) =>
          d.fromUserId === event.onBehalfOf &&
          (d.authorities[resource] ?? []).includes(level) &&
          (d.upTo === null || (amount !== null && amount <= d.upTo)),
      );
      expect({ onBehalfOf: event.onBehalfOf, covering: covering.length > 0 }).toEqual({ onBehalfOf: event.onBehalfOf, covering: true });
      expect(holdsLevel(actor, resource, level)).toBe(false);
    } else {
      const escalated = (round.escalations ?? []).some((e) => e.level === level && e.userIds.includes(actor.userId));
      expect(holdsLevel(actor, resource, level) || escalated).toBe(true);
    }
    // Never a creator approving when the manual forbids it: not themselves, not through a delegate.
    if (event.approvalLevel !== null && !round.allowSelfApproval) {
      expect(actor.userId).not.toBe(before.context.createdByUserId);
      expect(event.onBehalfOf ?? null).not.toBe(before.context.createdByUserId);
    }
    // One person counts once in a round, whoever acted for them.
    const people = after.context.approval.approvals.map(principalOf);
    expect(new Set(people).size).toBe(people.length);
  }
  if (event.approvalLevel !== null && before) {
    // Approval finishes only when every required level has its quorum; an unfinished round stays in an
    // approval status.
    const finished = after.context.approval;
    const complete = finished.requiredLevels.every((l) => approversAt(finished, l).length >= (ruleOf(finished, l)?.need ?? 1));
    expect(finished.open).toBe(!complete);
    if (!complete) expect(approvalStatuses(resource).has(after.status)).toBe(true);
    if (complete && after.status === before.status) expect(approvalStatuses(resource).has(after.status)).toBe(true);
  }
  // A reject vote at a majority level leaves the round open and the status as it was.
  if (event.rejectionLevel != null && before) {
    expect(after.status).toBe(before.status);
    expect(after.context.approval.open).toBe(true);
  }
}

/** availableActions lists exactly the events decide accepts when the user fills the required fields. */
function checkActionsAgree(resource: WorkflowResource, state: WorkflowState | null, actor: Actor, at: string): void {
  const offered = new Set(availableActions(resource, state, actor).map((a) => a.event));
  for (const type of catalogueEntry(resource).events) {
    const command: WorkflowCommand = {
      type,
      at,
      remark: 'checked',
      amount: 0,
      counterpartyCompanyId: actor.companyId === PARTNER ? OWNER : PARTNER,
      ...(type === 'Escalate' ? { escalation: escalationFor(state, 0) } : {}),
    };
    const decision = decide(resource, state, command, actor);
    expect([type, decision.ok]).toEqual([type, offered.has(type)]);
  }
}

type Scenario = ReturnType<typeof scenarioArb> extends fc.Arbitrary<infer S> ? S : never;
type Reached = { delegated: number; quorumApprovals: number; rejectVotes: number; escalations: number };

/** Plays one random scenario, checking every accepted event and the replay; counts what it reached. */
function playScenario(resource: WorkflowResource, { manual, actors, steps }: Scenario, reached: Reached): void {
  const entry = catalogueEntry(resource);
  let state: WorkflowState | null = null;
  let replayed: WorkflowState | null = null;
  const accepted: WorkflowStatusChanged[] = [];
  steps.forEach((step, i) => {
    const offers = step.guided ? actors.flatMap((a) => availableActions(resource, state, a).flatMap((o) => weighted(a, o.event))) : [];
    const offer = offers[step.pick % Math.max(offers.length, 1)];
    const actor = offer ? offer[0] : (actors[step.actor % actors.length] as Actor);
    const command: WorkflowCommand = {
      type: offer ? offer[1] : (entry.events[step.pick % entry.events.length] as WorkflowCommand['type']),
      at: `2026-11-21T10:00:${String(i).padStart(2, '0')}.000Z`,
      manual,
      counterpartyCompanyId: PARTNER,
      ...(step.remark ? { remark: 'see attached' } : {}),
      ...(step.amount !== undefined ? { amount: step.amount } : {}),
      ...(step.createdBySeller !== undefined ? { createdBySeller: step.createdBySeller } : {}),
      ...(step.ownerCompanyId !== undefined ? { ownerCompanyId: step.ownerCompanyId } : {}),
    };
    if (command.type === 'Escalate') command.escalation = escalationFor(state, step.pick);
    if (i % 5 === 0) checkActionsAgree(resource, state, actor, command.at);
    const decision = decide(resource, state, command, actor);
    if (!decision.ok) return;
    checkAccepted(resource, state, decision.state, decision.event, actor);
    if (decision.event.onBehalfOf) reached.delegated += 1;
    if (decision.event.rejectionLevel != null) reached.rejectVotes += 1;
    if (decision.event.escalation) reached.escalations += 1;
    if (decision.event.approvalLevel !== null && decision.state.context.approval.levelRules?.some((r) => r.need > 1))
      reached.quorumApprovals += 1;
    accepted.push(decision.event);
    state = decision.state;
    // Folding the accepted events without XState gives the very state the machine reached.
    replayed = evolve(replayed, decision.event);
    expect(replayed).toEqual(state);
  });
  expect(foldStatusEvents(accepted)).toEqual(state);
}

const nothingReached = (): Reached => ({ delegated: 0, quorumApprovals: 0, rejectVotes: 0, escalations: 0 });

describe('every machine, under random commands by random actors', () => {
  it.each(WorkflowResourceNames.map((r) => [r]))(
    '%s keeps its invariants and replays to the same state',
    (resource) => {
      fc.assert(
        fc.property(scenarioArb(resource), (scenario) => playScenario(resource, scenario, nothingReached())),
        { numRuns: 100 },
      );
    },
    30_000,
  );

  it('the scenarios reach delegated acts, approvals at levels needing several people, reject votes and escalations', () => {
    // A fixed seed: this checks the generators, not the machines, so it must give the same answer every run.
    const reached = nothingReached();
    for (const resource of ['purchaseOrder', 'invoice', 'tender', 'materialRequest'] as const) {
      fc.assert(
        fc.property(scenarioArb(resource), (scenario) => playScenario(resource, scenario, reached)),
        { numRuns: 100, seed: 20261207 },
      );
    }
    expect(Object.entries(reached).filter(([, count]) => count < 5)).toEqual([]);
  });
});
