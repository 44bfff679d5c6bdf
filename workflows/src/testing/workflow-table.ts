import { describe, expect, it } from '@jest/globals';
import { WorkflowStatuses, type AuthorityLevel, type WorkflowResource } from '@binaan/contracts';
import { catalogueEntry } from '../catalogue.js';
import { initialContext } from '../context.js';
import { decide } from '../decide.js';
import { SYSTEM_ACTOR, type Actor, type WorkflowCommand, type WorkflowState } from '../types.js';
import { adminUser, ALL_LEVELS, userWith } from './actors.js';

/**
 * Who may send an event: ownN (owner company, level N), approver (next missing verify level of an open
 * round), cpN / cpN-seller / cpN-buyer (counterparty company, level N), system, admin, creator, anyone.
 */
export type Who =
  `own${10 | 20}` | 'approver' | `cp${10 | 20}` | `cp${10 | 20}-${'seller' | 'buyer'}` | 'system' | 'admin' | 'creator' | 'anyone';

/**
 * remark/amount/counterparty: the command needs it. more: a non-last approval. seller-created: created_by_seller.
 * vote: the round's level is decided by a majority of three holders, so one reject is a vote. round: an
 * approval round is open whoever acts (the platform's Escalate).
 */
export type Flag = 'remark' | 'amount' | 'counterparty' | 'more' | 'seller-created' | 'vote' | 'round';

/** One allowed transition: from (null before Create), event, to, who, flags. */
export type Row = [from: string | null, event: string, to: string, who: Who, ...flags: Flag[]];

export const OWNER = 'OWNER-CO';
export const COUNTERPARTY = 'PARTNER-CO';
const CREATOR = 'creator-1';

function actorFor(resource: WorkflowResource, who: Who): Actor {
  if (who === 'system') return SYSTEM_ACTOR;
  if (who === 'admin') return adminUser();
  if (who === 'creator') return userWith(resource, CREATOR, OWNER, []);
  if (who === 'anyone') return userWith(resource, 'someone', 'ANY-CO', []);
  if (who === 'approver') return userWith(resource, 'approver-1', OWNER, [20]);
  const level = Number(who.slice(who.startsWith('own') ? 3 : 2, who.startsWith('own') ? 5 : 4)) as AuthorityLevel;
  return who.startsWith('own') ? userWith(resource, 'user-1', OWNER, [level]) : userWith(resource, 'partner-1', COUNTERPARTY, [level]);
}

/** A document in `from`, owned by OWNER, created by CREATOR, sent to COUNTERPARTY; approval round open for approvers. */
export function stateIn(resource: WorkflowResource, from: string | null, who: Who, flags: readonly Flag[]): WorkflowState | null {
  if (from === null) return null;
  const context = {
    ...initialContext(resource, 1),
    ownerCompanyId: OWNER,
    createdByUserId: CREATOR,
    counterpartyCompanyId: COUNTERPARTY,
    amount: 1000,
  };
  if (flags.includes('seller-created')) context.createdBySeller = true;
  if (who === 'approver' || flags.includes('round')) {
    context.approval = { open: true, requiredLevels: flags.includes('more') ? [20, 21] : [20], approvals: [], allowSelfApproval: false };
  }
  if (flags.includes('vote')) {
    const majority = { level: 20 as const, need: 1, holders: ['approver-1', 'holder-2', 'holder-3'], rejectRule: 'majority' as const };
    context.approval = { ...context.approval, levelRules: [majority] };
  }
  return { status: from as WorkflowState['status'], context };
}

function commandFor(event: string, flags: readonly Flag[], drop?: Flag): WorkflowCommand {
  const command: WorkflowCommand = { type: event as WorkflowCommand['type'], at: '2026-11-21T10:00:00.000Z' };
  if (drop !== 'remark') command.remark = 'as discussed on site';
  if (drop !== 'amount') command.amount = 1000;
  if (drop !== 'counterparty') command.counterpartyCompanyId = COUNTERPARTY;
  if (event === 'Escalate') command.escalation = { level: 20, toUserIds: ['holder-2'] };
  return command;
}

/** The code an actor without the right role gets: it is the last row's (the general one) of the event. */
function codeForOutsider(who: Who): string {
  if (who === 'system') return 'systemOnly';
  if (who === 'admin') return 'adminOnly';
  if (who.startsWith('cp')) return 'notCounterparty';
  return 'noAuthority';
}

const outsider = (resource: WorkflowResource, who: Who): Actor =>
  who.startsWith('cp') ? userWith(resource, 'stranger-1', 'STRANGER-CO', ALL_LEVELS) : userWith(resource, 'nobody-1', OWNER, []);

/** Specifies one machine by its full transition table: allowed rows, and refusals derived from them. */
export function describeWorkflowTable(resource: WorkflowResource, rows: readonly Row[], details: Record<string, string> = {}): void {
  const entry = catalogueEntry(resource);
  describe(`${resource} workflow`, () => {
    it('has exactly the statuses of the spec', () => {
      expect(entry.states.map((s) => s.status).sort()).toEqual([...WorkflowStatuses[resource]].sort());
    });

    it('has exactly the transitions of this table', () => {
      const key = (from: string | null, event: string, to: string) => `${from ?? '(none)'} --${event}--> ${to}`;
      const machine = new Set(entry.transitions.map((t) => key(t.from, t.event, t.to)));
      const table = new Set(rows.map(([from, event, to]) => key(from, event, to)));
      expect([...machine].sort()).toEqual([...table].sort());
    });

    describe.each(rows.map((row) => [`${row[0] ?? '(none)'} --${row[1]}--> ${row[2]} by ${row[3]}`, row] as const))('%s', (_name, row) => {
      const [from, event, to, who, ...flags] = row;
      it('is allowed', () => {
        const decision = decide(resource, stateIn(resource, from, who, flags), commandFor(event, flags), actorFor(resource, who));
        expect(decision.ok ? decision.state.status : decision.refusal).toBe(to);
      });
      const group = rows.filter((r) => r[0] === from && r[1] === event);
      const last = group[group.length - 1];
      if (who !== 'anyone' && last && last[3] !== 'anyone' && row === last) {
        it(`is refused to an outsider with ${codeForOutsider(who)}`, () => {
          const decision = decide(resource, stateIn(resource, from, who, flags), commandFor(event, flags), outsider(resource, who));
          expect(decision.ok ? decision.state.status : decision.refusal.code).toBe(codeForOutsider(who));
        });
      }
      for (const flag of ['remark', 'amount', 'counterparty'] as const) {
        if (!flags.includes(flag)) continue;
        const code = flag === 'counterparty' ? 'counterpartyRequired' : `${flag}Required`;
        it(`is refused without ${flag} with ${code}`, () => {
          const decision = decide(resource, stateIn(resource, from, who, flags), commandFor(event, flags, flag), actorFor(resource, who));
          expect(decision.ok ? decision.state.status : decision.refusal.code).toBe(code);
        });
      }
      if (who === 'approver' && event === 'Approve') {
        it('is refused to the creator with selfApprovalForbidden', () => {
          const creator = userWith(resource, CREATOR, OWNER, [20]);
          const decision = decide(resource, stateIn(resource, from, who, flags), commandFor(event, flags), creator);
          expect(decision.ok ? decision.state.status : decision.refusal.code).toBe('selfApprovalForbidden');
        });
      }
      if (who.startsWith('own') && from !== null) {
        it('is refused to the same level in another company with notOwnerCompany', () => {
          const foreign = userWith(resource, 'foreign-1', 'STRANGER-CO', ALL_LEVELS);
          const decision = decide(resource, stateIn(resource, from, who, flags), commandFor(event, flags), foreign);
          expect(decision.ok ? decision.state.status : decision.refusal.code).toBe('notOwnerCompany');
        });
      }
    });

    const statuses: (string | null)[] = [null, ...entry.states.map((s) => s.status)];
    describe.each(statuses.map((s) => [s ?? '(none)', s] as const))('in %s', (_name, status) => {
      const allowed = new Set(rows.filter((r) => r[0] === status).map((r) => r[1]));
      const refused = entry.events.filter((e) => !allowed.has(e));
      if (refused.length === 0) return void it('refuses nothing else (every event is allowed here)', () => undefined);
      it.each(refused.map((e) => [e]))('refuses %s with wrongStatus', (event) => {
        const superuser: Actor = { ...userWith(resource, 'super-1', OWNER, ALL_LEVELS), kind: 'admin' };
        const decision = decide(resource, stateIn(resource, status, 'own10', []), commandFor(event, []), superuser);
        expect(decision.ok ? decision.state.status : decision.refusal.code).toBe('wrongStatus');
        const detail = details[`${status} ${event}`];
        if (detail && !decision.ok) expect(decision.refusal.detail).toBe(detail);
      });
    });
  });
}
