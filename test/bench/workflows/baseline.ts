// The baseline: a plain switch-based transition table for the purchase order, written by hand the way one
// would without a machine library. Same rules as the machine on the measured paths (authority level,
// counterparty, remark, approval levels), no XState, no diagnosis beyond a code.

export type BaselineState = {
  status: string;
  owner: string;
  counterparty: string;
  creator: string;
  required: number[];
  approved: number[];
};

export type BaselineActor = { userId: string; companyId: string; levels: readonly number[] };

export type BaselineResult = { ok: true; state: BaselineState } | { ok: false; code: string };

const refuse = (code: string): BaselineResult => ({ ok: false, code });

function approve(state: BaselineState, actor: BaselineActor, done: string): BaselineResult {
  const next = state.required.find((l) => !state.approved.includes(l));
  if (next === undefined || actor.companyId !== state.owner || !actor.levels.includes(next)) return refuse('noAuthority');
  if (actor.userId === state.creator) return refuse('selfApprovalForbidden');
  const approved = [...state.approved, next];
  const complete = state.required.every((l) => approved.includes(l));
  return { ok: true, state: { ...state, approved, status: complete ? done : state.status } };
}

export function baselineDecide(state: BaselineState, event: string, actor: BaselineActor, remark?: string): BaselineResult {
  const own = (level: number) => actor.companyId === state.owner && actor.levels.includes(level);
  const seller = (level: number) => actor.companyId === state.counterparty && actor.levels.includes(level);
  const hasRemark = typeof remark === 'string' && remark.trim() !== '';
  switch (state.status) {
    case 'new':
      switch (event) {
        case 'Approve':
          return approve(state, actor, 'pendingConfirmation');
        case 'Cancel':
          if (!own(10)) return refuse('noAuthority');
          return hasRemark ? { ok: true, state: { ...state, status: 'cancelled' } } : refuse('remarkRequired');
        default:
          return refuse('wrongStatus');
      }
    case 'pendingConfirmation':
      switch (event) {
        case 'Confirm':
          return seller(20) ? { ok: true, state: { ...state, status: 'accepted' } } : refuse('notCounterparty');
        case 'Reject_By_Seller':
          if (!seller(20)) return refuse('notCounterparty');
          return hasRemark ? { ok: true, state: { ...state, status: 'rejected' } } : refuse('remarkRequired');
        default:
          return refuse('wrongStatus');
      }
    case 'accepted':
      return event === 'Fulfil' && own(10) ? { ok: true, state: { ...state, status: 'fulfilled' } } : refuse('wrongStatus');
    default:
      return refuse('wrongStatus');
  }
}

/** The baseline fold: a switch over the recorded event, recomputing the status from the table. */
export type BaselineEvent = { workflowEvent: string; approvalLevel: number | null; requiredLevels: readonly number[] | null };

export function baselineEvolve(state: BaselineState, event: BaselineEvent): BaselineState {
  switch (event.workflowEvent) {
    case 'Create':
      return { ...state, status: 'new' };
    case 'Request_Approve':
      return { ...state, required: [...(event.requiredLevels ?? [])], approved: [] };
    case 'Approve': {
      const approved = [...state.approved, event.approvalLevel ?? 0];
      const complete = state.required.every((l) => approved.includes(l));
      return { ...state, approved, status: complete ? 'pendingConfirmation' : state.status };
    }
    case 'Confirm':
      return { ...state, status: 'accepted' };
    case 'Fulfil':
      return { ...state, status: 'fulfilled' };
    default:
      return state;
  }
}
