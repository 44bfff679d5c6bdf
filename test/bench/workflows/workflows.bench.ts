/// <reference types="node" />
// Decisions per second and evolve folds per second of @binaan/workflows, beside a plain switch-based
// transition table measured in the same run. Run by hand: npm run bench:workflows
import { cpus } from 'node:os';
import { decide, evolve, type Actor, type WorkflowState } from '@binaan/workflows';
import type { AuthorityManual, WorkflowStatusChanged } from '@binaan/contracts';
import { baselineDecide, baselineEvolve, type BaselineActor, type BaselineEvent, type BaselineState } from './baseline.js';

const at = '2026-11-21T09:00:00.000Z';
const buyer = (userId: string, levels: (10 | 20 | 21 | 22 | 23)[]): Actor => ({
  userId,
  companyId: 'BUYER-CO',
  kind: 'user',
  authorities: { company: {}, project: { purchaseOrder: levels } },
});
const seller: Actor = {
  userId: 'seller-1',
  companyId: 'SELLER-CO',
  kind: 'user',
  authorities: { company: {}, project: { purchaseOrder: [20] } },
};
const manual: AuthorityManual = {
  resource: 'purchaseOrder',
  levels: [
    { level: 20, limit: 50_000 },
    { level: 21, limit: null },
  ],
  allowSelfApproval: false,
};

function must(decision: ReturnType<typeof decide<'purchaseOrder'>>): {
  state: WorkflowState<'purchaseOrder'>;
  event: WorkflowStatusChanged<'purchaseOrder'>;
} {
  if (!decision.ok) throw new Error(`bench setup refused: ${decision.refusal.code}`);
  return decision;
}

/** One purchase order through its life: Create, Request_Approve, Approve x2, Confirm, Fulfil. */
function orderLife(): { states: WorkflowState<'purchaseOrder'>[]; events: WorkflowStatusChanged<'purchaseOrder'>[] } {
  const steps = [
    (s: WorkflowState<'purchaseOrder'> | null) =>
      decide('purchaseOrder', s, { type: 'Create', at, amount: 120_000, counterpartyCompanyId: 'SELLER-CO' }, buyer('buyer-1', [10])),
    (s: WorkflowState<'purchaseOrder'> | null) =>
      decide('purchaseOrder', s, { type: 'Request_Approve', at, amount: 120_000, manual }, buyer('buyer-1', [10])),
    (s: WorkflowState<'purchaseOrder'> | null) => decide('purchaseOrder', s, { type: 'Approve', at }, buyer('approver-1', [20])),
    (s: WorkflowState<'purchaseOrder'> | null) => decide('purchaseOrder', s, { type: 'Approve', at }, buyer('approver-2', [21])),
    (s: WorkflowState<'purchaseOrder'> | null) => decide('purchaseOrder', s, { type: 'Confirm', at }, seller),
    (s: WorkflowState<'purchaseOrder'> | null) => decide('purchaseOrder', s, { type: 'Fulfil', at }, buyer('buyer-1', [10])),
  ];
  const states: WorkflowState<'purchaseOrder'>[] = [];
  const events: WorkflowStatusChanged<'purchaseOrder'>[] = [];
  let state: WorkflowState<'purchaseOrder'> | null = null;
  for (const step of steps) {
    const { state: next, event } = must(step(state));
    states.push(next);
    events.push(event);
    state = next;
  }
  return { states, events };
}

/** Runs `fn` `n` times per round, 5 rounds after a warm-up; answers the best rate (ops/s). */
function rate(n: number, fn: (i: number) => unknown): number {
  let sink = 0;
  for (let i = 0; i < Math.min(n, 20_000); i++) sink += fn(i) ? 1 : 0;
  let best = 0;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink += fn(i) ? 1 : 0;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    best = Math.max(best, n / seconds);
  }
  if (sink < 0) console.log(sink); // keeps the work observable to the optimiser
  return best;
}

const { states, events } = orderLife();
const [, requested, afterLevel1, sent] = states as [
  unknown,
  WorkflowState<'purchaseOrder'>,
  WorkflowState<'purchaseOrder'>,
  WorkflowState<'purchaseOrder'>,
];

// A mix of what the api decides: approvals (one completing the round), a counterparty confirmation, a
// rejection with remark, and two refusals (wrong status, self-approval) that need a diagnosis.
const mix: [WorkflowState<'purchaseOrder'>, Parameters<typeof decide>[2], Actor][] = [
  [requested, { type: 'Approve', at }, buyer('approver-1', [20])],
  [afterLevel1, { type: 'Approve', at }, buyer('approver-2', [21])],
  [sent, { type: 'Confirm', at }, seller],
  [sent, { type: 'Reject_By_Seller', at, remark: 'price changed' }, seller],
  [sent, { type: 'Approve', at }, buyer('approver-1', [20])],
  [requested, { type: 'Approve', at }, buyer('buyer-1', [10, 20])],
];
const ours = rate(200_000, (i) => {
  const [state, command, actor] = mix[i % mix.length]!;
  return decide('purchaseOrder', state, command, actor).ok;
});

const bState = (status: string, approved: number[]): BaselineState => ({
  status,
  owner: 'BUYER-CO',
  counterparty: 'SELLER-CO',
  creator: 'buyer-1',
  required: [20, 21],
  approved,
});
const bActor = (userId: string, companyId: string, levels: number[]): BaselineActor => ({ userId, companyId, levels });
const baselineMix: [BaselineState, string, BaselineActor, string | undefined][] = [
  [bState('new', []), 'Approve', bActor('approver-1', 'BUYER-CO', [20]), undefined],
  [bState('new', [20]), 'Approve', bActor('approver-2', 'BUYER-CO', [21]), undefined],
  [bState('pendingConfirmation', [20, 21]), 'Confirm', bActor('seller-1', 'SELLER-CO', [20]), undefined],
  [bState('pendingConfirmation', [20, 21]), 'Reject_By_Seller', bActor('seller-1', 'SELLER-CO', [20]), 'price changed'],
  [bState('pendingConfirmation', [20, 21]), 'Approve', bActor('approver-1', 'BUYER-CO', [20]), undefined],
  [bState('new', []), 'Approve', bActor('buyer-1', 'BUYER-CO', [10, 20]), undefined],
];
const baseline = rate(2_000_000, (i) => {
  const [state, event, actor, remark] = baselineMix[i % baselineMix.length]!;
  return baselineDecide(state, event, actor, remark).ok;
});

// evolve: fold whole streams of 6 events each, 10,000 streams a round.
const STREAMS = 10_000;
const foldRate =
  rate(STREAMS, () => {
    let state: WorkflowState<'purchaseOrder'> | null = null;
    for (const event of events) state = evolve(state, event);
    return state;
  }) * events.length;
const baselineEvents: BaselineEvent[] = events.map((e) => ({
  workflowEvent: e.workflowEvent,
  approvalLevel: e.approvalLevel,
  requiredLevels: e.requiredLevels,
}));
const baselineFoldRate =
  rate(STREAMS * 10, () => {
    let state = bState('new', []);
    for (const event of baselineEvents) state = baselineEvolve(state, event);
    return state;
  }) * events.length;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const rows = [
  ['decide (purchase order mix, XState)', ours, baseline, 20_000],
  ['evolve (recorded events folded)', foldRate, baselineFoldRate, 1_000_000],
] as const;
console.log(`@binaan/workflows benchmark: node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, one core\n`);
console.log('| measure | ours (ops/s) | switch baseline (ops/s) | ours / baseline | target | meets target |');
console.log('|---|---:|---:|---:|---:|---|');
for (const [name, value, base, target] of rows) {
  console.log(
    `| ${name} | ${fmt(value)} | ${fmt(base)} | ${(value / base).toFixed(3)} | ${fmt(target)} | ${value >= target ? 'yes' : 'NO'} |`,
  );
}
