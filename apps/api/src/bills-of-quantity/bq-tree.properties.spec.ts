// Property tests of the tree: any sequence of the §4.9 operations, tabs included, keeps a valid
// tree (every node under a header of its own tab, no cycle, each listed once under its parent), orders
// 0..n-1 under each parent, amounts rolled up exactly (recomputed from the leaves), and replaying the
// recorded events onto an empty BQ gives the same tree.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decideBq, type BqCommand } from './bq.decider.js';
import { applyBqEvent, emptyBq, flatNodes, foldBq, itemAmount, tabKey, tabViews, type BqState } from './bq-tree.js';
import type { BqEvent } from './bq.events.js';

const AT = '2026-05-01T00:00:00.000Z';

/** Every invariant of a BQ state; a list of what is wrong (empty when valid). */
export function treeProblems(state: BqState): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const sumUnder = (key: string): bigint => (state.children.get(key) ?? []).reduce((sum, id) => sum + state.nodes.get(id)!.amount, 0n);
  for (const [key, ids] of state.children) {
    if (ids.length === 0) problems.push(`${key}: empty child list kept`);
    for (const id of ids) {
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const node = state.nodes.get(id);
      if (!node) problems.push(`${key}: lists unknown ${id}`);
      else if ((node.parentId ?? tabKey(node.tabId)) !== key) problems.push(`${id}: listed under ${key}, parent ${node.parentId}`);
    }
  }
  let total = 0n;
  for (const tabId of state.tabOrder) {
    const tab = state.tabs.get(tabId);
    if (!tab) problems.push(`tab order lists unknown ${tabId}`);
    else if (tab.amount !== sumUnder(tabKey(tabId))) problems.push(`tab ${tabId}: amount ${tab.amount} is not the sum of its rows`);
    total += tab?.amount ?? 0n;
  }
  if (state.tabOrder.length !== state.tabs.size || new Set(state.tabOrder).size !== state.tabs.size)
    problems.push('tab order and tabs differ');
  if (total !== state.amount) problems.push(`BQ amount ${state.amount} is not the sum of its tabs ${total}`);
  for (const node of state.nodes.values()) {
    if (seen.get(node.id) !== 1) problems.push(`${node.id}: listed ${seen.get(node.id) ?? 0} times`);
    if (!state.tabs.has(node.tabId)) problems.push(`${node.id}: in unknown tab`);
    if (node.parentId !== null) {
      const parent = state.nodes.get(node.parentId);
      if (!parent || parent.type !== 'header' || parent.tabId !== node.tabId)
        problems.push(`${node.id}: parent is not a header of its tab`);
    }
    // No cycle: walking up ends at the top within the number of nodes.
    let up = node.parentId;
    for (let steps = 0; up !== null; steps++) {
      if (steps > state.nodes.size) {
        problems.push(`${node.id}: cycle`);
        break;
      }
      up = state.nodes.get(up)?.parentId ?? null;
    }
    const expected = node.type === 'item' ? itemAmount(node) : sumUnder(node.id);
    if (node.amount !== expected) problems.push(`${node.id}: amount ${node.amount}, expected ${expected}`);
    if (node.type === 'item' && state.children.has(node.id)) problems.push(`${node.id}: an item with rows`);
  }
  // Orders as shown are 0..n-1 under each parent.
  const orders = new Map<string, number[]>();
  for (const row of flatNodes(state))
    orders.set(row.parentId ?? `tab:${row.tabId}`, [...(orders.get(row.parentId ?? `tab:${row.tabId}`) ?? []), row.order]);
  for (const [key, list] of orders) if (list.some((order, i) => order !== i)) problems.push(`${key}: orders ${list.join(',')}`);
  if (flatNodes(state).length !== state.nodes.size) problems.push('some nodes are not reachable from a tab');
  return problems;
}

type Step = { op: number; a: number; b: number; n: number; q: number; r: number };
const stepArb: fc.Arbitrary<Step> = fc.record({
  op: fc.integer({ min: 0, max: 23 }),
  a: fc.nat(1_000),
  b: fc.nat(1_000),
  n: fc.nat(3),
  q: fc.integer({ min: 0, max: 99_999 }),
  r: fc.integer({ min: -50_000, max: 9_999_999 }),
});

/** Turns a random step into a command on the present state (ids picked among those that exist). */
function commandFor(state: BqState, step: Step, nextId: () => string): BqCommand {
  const tabs = state.tabOrder;
  const nodes = [...state.nodes.values()];
  const headers = nodes.filter((node) => node.type === 'header');
  const tabId = tabs.length ? tabs[step.a % tabs.length]! : 'none';
  const node = nodes.length ? nodes[step.a % nodes.length]! : undefined;
  const under = headers.length && step.n > 0 ? headers[step.b % headers.length]! : undefined;
  const on = node ? { tabId: node.tabId, nodeId: node.id } : { tabId, nodeId: 'missing' };
  const quantity = (step.q / 1000).toFixed(3);
  const rate = (step.r / 100).toFixed(2);
  const add = (nodeType: 'header' | 'item'): BqCommand => ({
    type: 'add',
    tabId: under?.tabId ?? tabId,
    nodeId: nextId(),
    parentId: under?.id ?? null,
    nodeType,
    order: step.b % 5,
    fields: nodeType === 'item' ? { title: 'Item', quantity, rate, unit: 'm2', description: 'd' } : { title: 'Header' },
  });
  switch (step.op) {
    case 0:
      return { type: 'addTab', tabId: nextId(), name: `Tab ${step.b}`, order: step.n };
    case 1:
    case 2:
    case 3:
      return add('header');
    case 4:
    case 5:
    case 6:
    case 21:
    case 22:
    case 23:
      return add('item');
    case 7:
      return { type: 'update', ...on, fields: node?.type === 'item' ? { quantity, rate } : { title: `T${step.b}` } };
    case 8:
      return { type: 'delete', ...on };
    case 9:
      return { type: 'duplicate', ...on };
    case 10:
      return { type: 'move', ...on, direction: step.n % 2 ? 'up' : 'down' };
    case 11:
    case 12:
    case 13:
      return { type: 'indent', ...on };
    case 14:
    case 15:
      return { type: 'outdent', ...on };
    case 16:
      return { type: 'promote', ...on };
    case 17:
      return { type: 'demote', ...on };
    case 18:
      return { type: 'renameTab', tabId, name: `Renamed ${step.b}` };
    case 19:
      return { type: 'moveTab', tabId, order: step.n };
    default:
      return step.b % 4 === 0 ? { type: 'removeTab', tabId } : add('item');
  }
}

const snapshot = (state: BqState) => ({ tabs: tabViews(state), nodes: flatNodes(state), amount: state.amount });

describe('BQ tree: any sequence of operations', () => {
  it('keeps a valid tree with orders 0..n-1 and exact amounts, and replays to the same tree', () => {
    const applied = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 5, maxLength: 120 }), (steps) => {
        let counter = 0;
        const nextId = () => `n${++counter}`;
        const state = emptyBq('p', 'c');
        const recorded: { event: BqEvent; revision: number; at: string }[] = [];
        const opening: BqCommand[] = [
          { type: 'addTab', tabId: 'tab1', name: 'Preliminaries' },
          { type: 'addTab', tabId: 'tab2', name: 'Substructure' },
        ];
        for (const step of [...opening, ...steps]) {
          const command = 'type' in step ? step : commandFor(state, step, nextId);
          let events: BqEvent[];
          try {
            events = decideBq(state, command, { newId: nextId });
          } catch (error) {
            if (error instanceof Refused && error.getStatus() < 500) continue;
            throw error;
          }
          for (const event of events) {
            applied.set(event.type, (applied.get(event.type) ?? 0) + 1);
            const revision = state.revision + 1;
            applyBqEvent(state, event, revision, AT);
            // Recorded as stored: JSON, as the store keeps it.
            recorded.push({ event: JSON.parse(JSON.stringify(event)) as BqEvent, revision, at: AT });
          }
          expect(treeProblems(state)).toEqual([]);
        }
        expect(snapshot(foldBq(recorded, emptyBq('p', 'c')))).toEqual(snapshot(state));
      }),
      { numRuns: 500 },
    );
    // The sequences reach every operation, not only the refusals.
    for (const type of [
      'BqTabAdded',
      'BqTabRenamed',
      'BqTabMoved',
      'BqTabRemoved',
      'BqNodeAdded',
      'BqNodeUpdated',
      'BqNodeRemoved',
      'BqNodeDuplicated',
      'BqNodeMoved',
      'BqNodeIndented',
      'BqNodeOutdented',
      'BqHeaderPromoted',
      'BqHeaderDemoted',
    ]) {
      expect([type, (applied.get(type) ?? 0) >= 5]).toEqual([type, true]);
    }
  });
});
