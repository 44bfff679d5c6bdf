import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  VerifyLevels,
  WorkflowResourceNames,
  WorkflowStatuses,
  type AuthorityManual,
  type VerifyLevel,
  type WorkflowEventName,
  type WorkflowResource,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { holdsLevel, nextMissingLevel } from './authority.js';
import { availableActions } from './available-actions.js';
import { catalogueEntry } from './catalogue.js';
import { decide } from './decide.js';
import { evolve, foldStatusEvents } from './evolve.js';
import { ALL_LEVELS, adminUser, userWith } from './testing/actors.js';
import { SYSTEM_ACTOR, type Actor, type WorkflowCommand, type WorkflowState } from './types.js';

// Properties over random command sequences by random actors with random authorities, for every machine.

const OWNER = 'OWNER-CO';
const PARTNER = 'PARTNER-CO';

const manualArb = (resource: WorkflowResource): fc.Arbitrary<AuthorityManual> =>
  fc
    .record({
      optional: fc.subarray(VerifyLevels.slice(1)),
      limits: fc.array(fc.option(fc.integer({ min: 1_000, max: 2_000_000 }), { nil: null }), { minLength: 4, maxLength: 4 }),
      allowSelfApproval: fc.boolean(),
    })
    .map(({ optional, limits, allowSelfApproval }) => ({
      resource,
      levels: [20 as VerifyLevel, ...optional].map((level, i) => ({ level, limit: limits[i] ?? null })),
      allowSelfApproval,
    }));

const actorsArb = (resource: WorkflowResource): fc.Arbitrary<Actor[]> =>
  fc
    .tuple(
      fc.array(fc.subarray([...ALL_LEVELS]), { minLength: 4, maxLength: 4 }),
      fc.array(fc.subarray([...ALL_LEVELS]), { minLength: 2, maxLength: 2 }),
    )
    .map(([owners, partners]) => [
      ...owners.map((levels, i) => userWith(resource, `owner-${i}`, OWNER, levels)),
      ...partners.map((levels, i) => userWith(resource, `partner-${i}`, PARTNER, levels)),
      userWith(resource, 'stranger', 'STRANGER-CO', ALL_LEVELS),
      SYSTEM_ACTOR,
      adminUser(),
    ]);

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
  if (event.approvalLevel !== null && before) {
    const round = before.context.approval;
    // The level approved is the next one missing, held by the approver.
    expect(event.approvalLevel).toBe(nextMissingLevel(round));
    expect(holdsLevel(actor, resource, event.approvalLevel)).toBe(true);
    // Never a creator approving when the manual forbids it.
    if (!round.allowSelfApproval) expect(actor.userId).not.toBe(before.context.createdByUserId);
    const approved = new Set(after.context.approval.approvals.map((a) => a.level));
    const complete = after.context.approval.requiredLevels.every((l) => approved.has(l));
    // Approval finishes only with every required level; an unfinished round stays in an approval status.
    expect(after.context.approval.open).toBe(!complete);
    if (!complete) expect(approvalStatuses(resource).has(after.status)).toBe(true);
    if (complete && after.status === before.status) expect(approvalStatuses(resource).has(after.status)).toBe(true);
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
    };
    const decision = decide(resource, state, command, actor);
    expect([type, decision.ok]).toEqual([type, offered.has(type)]);
  }
}

describe('every machine, under random commands by random actors', () => {
  it.each(WorkflowResourceNames.map((r) => [r]))(
    '%s keeps its invariants and replays to the same state',
    (resource) => {
      const entry = catalogueEntry(resource);
      fc.assert(
        fc.property(scenarioArb(resource), ({ manual, actors, steps }) => {
          let state: WorkflowState | null = null;
          let replayed: WorkflowState | null = null;
          const accepted: WorkflowStatusChanged[] = [];
          steps.forEach((step, i) => {
            const offers = step.guided
              ? actors.flatMap((a) => availableActions(resource, state, a).flatMap((o) => weighted(a, o.event)))
              : [];
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
            if (i % 5 === 0) checkActionsAgree(resource, state, actor, command.at);
            const decision = decide(resource, state, command, actor);
            if (!decision.ok) return;
            checkAccepted(resource, state, decision.state, decision.event, actor);
            accepted.push(decision.event);
            state = decision.state;
            // Folding the accepted events without XState gives the very state the machine reached.
            replayed = evolve(replayed, decision.event);
            expect(replayed).toEqual(state);
          });
          expect(foldStatusEvents(accepted)).toEqual(state);
        }),
        { numRuns: 100 },
      );
    },
    30_000,
  );
});
