/// <reference types="node" />
// autocannon in a process of its own (forked by the bench), so that generating the load and parsing the
// replies neither queue behind the API on its event loop nor count in the API process's CPU time. Two
// plans: the Resubmit / Reject action cycle on distinct orders (action-cycle.ts, run here with the orders'
// revisions sent back), and plain GETs of one path.
import autocannon, { type Request } from 'autocannon';
import { actionCycle, type CycleDocument } from './action-cycle.js';

export type CannonPlan =
  | { kind: 'cycle'; url: string; connections: number; seconds: number; documents: CycleDocument[]; tokens: { kumar: string; lim: string } }
  | { kind: 'get'; url: string; path: string; headers: Record<string, string>; connections: number; seconds: number };

export type CannonOutcome = {
  result: autocannon.Result;
  /** The cycle's tally: accepted actions, replies by status, the first refusals. */
  ok: number;
  byStatus: [number, number][];
  firstRefusals: string[];
};

process.once('message', (plan: CannonPlan) => {
  let requests: Request[];
  let tally = { ok: 0, byStatus: new Map<number, number>(), firstRefusals: [] as string[] };
  if (plan.kind === 'cycle') {
    const cycle = actionCycle(plan.documents, plan.tokens);
    requests = [cycle.request];
    tally = cycle.tally;
  } else {
    requests = [{ method: 'GET', path: plan.path, headers: plan.headers }];
  }
  autocannon({ url: plan.url, connections: plan.connections, duration: plan.seconds, timeout: 30, requests }, (error, result) => {
    if (error) throw error;
    const outcome: CannonOutcome = { result, ok: tally.ok, byStatus: [...tally.byStatus.entries()], firstRefusals: tally.firstRefusals };
    process.send!(outcome, () => process.exit(0));
  });
});
