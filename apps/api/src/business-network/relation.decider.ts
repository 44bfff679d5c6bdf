// Deciding on a relation between two companies (pure but for the refusal type). Each company keeps its own
// record of the pair, decided by the company-relation machine (workflows/src/machines/company-relation.machine.ts):
// the acting company's event with its user as actor, and the mirror on the other record by the system, in
// one append. Keeping a request in view is the receiving company's own mark, outside the machine.
import { ErrorCodes, WorkflowRefusalHttpStatus, type RelationAction, type WorkflowStatusChanged } from '@binaan/contracts';
import { decide, evolve, SYSTEM_ACTOR, type Actor, type WorkflowState } from '@binaan/workflows';
import { refusal } from '../common/refusal.js';
import type { BusinessNetworkEvent, CompanyRelationChangedData, RelationSide } from './business-network.events.js';

export type RelationRecord = { machine: WorkflowState<'companyRelation'> | null; side: RelationSide; keptInView: boolean };
export type PairState = { records: Map<string, RelationRecord>; revision: number | 'no_stream' };

type StoredLike = { type: string; data: unknown; revision: number };

export function foldPair(events: readonly StoredLike[]): PairState {
  const records = new Map<string, RelationRecord>();
  let revision: number | 'no_stream' = 'no_stream';
  for (const stored of events) {
    revision = stored.revision;
    const event = { type: stored.type, data: stored.data } as BusinessNetworkEvent;
    if (event.type === 'CompanyRelationChanged') {
      const d = event.data;
      const before = records.get(d.companyId) ?? { machine: null, side: d.side, keptInView: false };
      const machine = evolve<'companyRelation'>(before.machine, d.change);
      // Any answer to a request ends keeping it in view.
      records.set(d.companyId, { machine, side: d.side, keptInView: machine.status === 'beInvited' ? before.keptInView : false });
    } else if (event.type === 'CompanyRelationKeptInView') {
      const before = records.get(event.data.companyId);
      if (before) records.set(event.data.companyId, { ...before, keptInView: event.data.kept });
    }
  }
  return { records, revision };
}

export const statusOf = (record: RelationRecord | undefined) => record?.machine?.status ?? 'noRelation';

function step(
  state: WorkflowState<'companyRelation'> | null,
  command: { type: string; at: string; remark?: string; ownerCompanyId?: string },
  actor: Actor,
): { change: WorkflowStatusChanged<'companyRelation'>; machine: WorkflowState<'companyRelation'> } {
  const decision = decide('companyRelation', state, command as Parameters<typeof decide>[2], actor);
  if (decision.ok) return { change: decision.event, machine: decision.state };
  const { code, detail } = decision.refusal;
  throw refusal(
    WorkflowRefusalHttpStatus[code] ?? 409,
    detail ?? code,
    `${command.type} refused${decision.refusal.status ? ` from ${String(decision.refusal.status)}` : ''}: ${detail ?? code}.`,
  );
}

/** The machine's event a company's action records on its own record, and the mirror on the other record. */
const MIRROR: Record<'Invite' | 'Accept' | 'Reject' | 'Cancel', 'Receive_Invite' | 'Confirm' | 'Reject_By_System'> = {
  Invite: 'Receive_Invite',
  Accept: 'Confirm',
  Reject: 'Reject_By_System',
  Cancel: 'Reject_By_System',
};

/**
 * The events of one company's action on the pair: its record's change by the actor and the other record's
 * mirror by the system (each record created first when the pair has none). Refusals: inviting oneself (422),
 * inviting while an invitation waits either way or the two are partners (409 relationAlreadyOpen), keeping in
 * view what is not a request received (409 relationNotReceived), and the machine's own (wrong status 409,
 * authority 403, remark 422).
 */
export function decideRelation(
  pair: PairState,
  action: RelationAction,
  actor: Actor,
  otherCompanyId: string,
  at: string,
  remark?: string,
): BusinessNetworkEvent[] {
  const own = actor.companyId;
  if (own === otherCompanyId) throw refusal(422, ErrorCodes.relationWithOwnCompany, 'A company cannot invite itself.');
  const mine = pair.records.get(own);
  const theirs = pair.records.get(otherCompanyId);
  const status = statusOf(mine);
  if (action === 'KeepInView' || action === 'StopKeepingInView') {
    if (status !== 'beInvited' || !mine)
      throw refusal(409, ErrorCodes.relationNotReceived, 'Only a request received that waits for an answer can be kept in view.');
    const kept = action === 'KeepInView';
    if (mine.keptInView === kept) return [];
    return [{ type: 'CompanyRelationKeptInView', data: { companyId: own, otherCompanyId, kept, reason: remark ?? null } }];
  }
  if (action === 'Invite' && (status === 'invited' || status === 'beInvited' || status === 'approved'))
    throw refusal(
      409,
      ErrorCodes.relationAlreadyOpen,
      status === 'approved'
        ? 'The two companies are partners already.'
        : status === 'invited'
          ? 'This company was invited already; its answer is awaited.'
          : 'This company has invited yours: accept or decline its request.',
    );
  const events: BusinessNetworkEvent[] = [];
  const record = (
    companyId: string,
    other: string,
    side: RelationSide,
    change: WorkflowStatusChanged<'companyRelation'>,
  ): BusinessNetworkEvent => ({
    type: 'CompanyRelationChanged',
    data: { companyId, otherCompanyId: other, side, change } satisfies CompanyRelationChangedData,
  });
  const side: RelationSide = action === 'Invite' ? 'inviter' : (mine?.side ?? 'inviter');
  const otherSide: RelationSide = side === 'inviter' ? 'invitee' : 'inviter';
  // A record made now starts with its Create (system), so its history shows where it began.
  let myMachine = mine?.machine ?? null;
  if (!myMachine) {
    if (action !== 'Invite') throw refusal(409, 'wrongStatus', `${action} refused: the two companies have no relation.`);
    const made = step(null, { type: 'Create', at, ownerCompanyId: own }, SYSTEM_ACTOR);
    events.push(record(own, otherCompanyId, side, made.change));
    myMachine = made.machine;
  }
  const acted = step(myMachine, { type: action, at, ...(remark ? { remark } : {}) }, actor);
  events.push(record(own, otherCompanyId, side, acted.change));
  let theirMachine = theirs?.machine ?? null;
  if (!theirMachine) {
    const made = step(null, { type: 'Create', at, ownerCompanyId: otherCompanyId }, SYSTEM_ACTOR);
    events.push(record(otherCompanyId, own, otherSide, made.change));
    theirMachine = made.machine;
  }
  const mirrored = step(theirMachine, { type: MIRROR[action], at, ...(remark ? { remark } : {}) }, SYSTEM_ACTOR);
  events.push(record(otherCompanyId, own, otherSide, mirrored.change));
  return events;
}
