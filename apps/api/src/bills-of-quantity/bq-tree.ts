// A bill of quantity's state and its fold: tabs, each a tree of headers and items, amounts rolled up to
// headers, tabs and the BQ. Pure (no I/O). The fold mutates the state it is given (a BQ of 10,000 rows is
// not copied per event); `cloneBq` copies one when a caller must keep the old state.
//
// A node's `order` is its index among its parent's children, so orders are 0..n-1 under each parent by
// construction. Amounts are kept in sen (bigint): an item is quantity x rate rounded half up to the sen
// (documents/money.ts), a header the sum of its children; every change shifts its ancestors, its tab and
// the BQ by the difference, so a change costs the depth of the tree, not its size.
import type { BqNode, BqNodeType, BqTab } from '@binaan/contracts';
import { evolve as evolveWorkflow, type WorkflowState } from '@binaan/workflows';
import { basisPointsOf, formatSen, lineAmount, parseMoney, parsePercent, parseQuantity } from '../documents/money.js';
import type { BqBuildUp, BqEvent, BqFieldValues, BqNewNode } from './bq.events.js';

export type NodeRecord = BqFieldValues & {
  id: string;
  tabId: string;
  parentId: string | null;
  type: BqNodeType;
  amount: bigint;
  /** The revision of the last event that changed this node itself (fields, type, parent or place). */
  changedAt: number;
};

export type TabRecord = { id: string; name: string; amount: bigint; changedAt: number };

export type BqState = {
  projectId: string;
  companyId: string;
  /** The stream's revision (-1: nothing recorded). */
  revision: number;
  workflow: WorkflowState<'billOfQuantity'> | null;
  tabs: Map<string, TabRecord>;
  tabOrder: string[];
  nodes: Map<string, NodeRecord>;
  /** Children in order, keyed by parent id, or by `tab:<tabId>` for the top of a tab. */
  children: Map<string, string[]>;
  amount: bigint;
  buildUps: Map<string, BqBuildUp>;
  createdAt: string | null;
  updatedAt: string | null;
};

export const tabKey = (tabId: string): string => `tab:${tabId}`;
export const parentKey = (node: { tabId: string; parentId: string | null }): string => node.parentId ?? tabKey(node.tabId);

export function emptyBq(projectId = '', companyId = ''): BqState {
  return {
    projectId,
    companyId,
    revision: -1,
    workflow: null,
    tabs: new Map(),
    tabOrder: [],
    nodes: new Map(),
    children: new Map(),
    amount: 0n,
    buildUps: new Map(),
    createdAt: null,
    updatedAt: null,
  };
}

export function cloneBq(state: BqState): BqState {
  return {
    ...state,
    tabs: new Map([...state.tabs].map(([id, tab]) => [id, { ...tab }])),
    tabOrder: [...state.tabOrder],
    nodes: new Map([...state.nodes].map(([id, node]) => [id, { ...node }])),
    children: new Map([...state.children].map(([key, ids]) => [key, [...ids]])),
    buildUps: new Map(state.buildUps),
  };
}

/** quantity x rate in sen; 0 when either is empty. */
export function itemAmount(fields: Pick<BqFieldValues, 'quantity' | 'rate'>): bigint {
  if (fields.quantity === null || fields.rate === null) return 0n;
  const quantity = parseQuantity(fields.quantity);
  const rate = parseMoney(fields.rate);
  return quantity === null || rate === null ? 0n : lineAmount(quantity, rate);
}

export const childrenOf = (state: BqState, key: string): readonly string[] => state.children.get(key) ?? [];

/** The node, its descendants depth first. */
export function subtree(state: BqState, nodeId: string): string[] {
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const child of childrenOf(state, id)) walk(child);
  };
  walk(nodeId);
  return out;
}

/** Adds `delta` to every header above `key` (a parent key), to the tab and to the BQ. */
function shift(state: BqState, tabId: string, parentId: string | null, delta: bigint): void {
  if (delta === 0n) return;
  let id = parentId;
  while (id !== null) {
    const node = state.nodes.get(id)!;
    node.amount += delta;
    id = node.parentId;
  }
  state.tabs.get(tabId)!.amount += delta;
  state.amount += delta;
}

function insertChild(state: BqState, key: string, id: string, index: number): void {
  const list = state.children.get(key) ?? [];
  list.splice(Math.max(0, Math.min(index, list.length)), 0, id);
  state.children.set(key, list);
}

function removeChild(state: BqState, key: string, id: string): number {
  const list = state.children.get(key) ?? [];
  const index = list.indexOf(id);
  if (index >= 0) list.splice(index, 1);
  if (list.length === 0) state.children.delete(key);
  return index;
}

function addNode(state: BqState, tabId: string, node: BqNewNode, index: number, revision: number): void {
  const amount = node.nodeType === 'item' ? itemAmount(node.fields) : 0n;
  state.nodes.set(node.nodeId, {
    ...node.fields,
    id: node.nodeId,
    tabId,
    parentId: node.parentId,
    type: node.nodeType,
    amount,
    changedAt: revision,
  });
  insertChild(state, node.parentId ?? tabKey(tabId), node.nodeId, index);
  shift(state, tabId, node.parentId, amount);
}

function dropSubtree(state: BqState, nodeId: string): void {
  const node = state.nodes.get(nodeId)!;
  shift(state, node.tabId, node.parentId, -node.amount);
  removeChild(state, parentKey(node), nodeId);
  for (const id of subtree(state, nodeId)) {
    state.nodes.delete(id);
    state.children.delete(id);
  }
}

/** Moves a node (with its subtree and amount) under another parent of the same tab at `index`. */
function reparent(state: BqState, node: NodeRecord, parentId: string | null, index: number): void {
  shift(state, node.tabId, node.parentId, -node.amount);
  removeChild(state, parentKey(node), node.id);
  node.parentId = parentId;
  insertChild(state, parentKey(node), node.id, index);
  shift(state, node.tabId, parentId, node.amount);
}

/** A build-up's price per unit in sen: its total sub, or the sum of its lines (quantity x rate each); and its profit. */
export function buildUpPrice(buildUp: BqBuildUp): { cost: bigint; profit: bigint } {
  const cost =
    buildUp.totalSub !== null ? (parseMoney(buildUp.totalSub) ?? 0n) : buildUp.lines.reduce((sum, line) => sum + itemAmount(line), 0n);
  return { cost, profit: basisPointsOf(cost, parsePercent(buildUp.profitPercent) ?? 0n) };
}

/** Prices an item from its build-up: build-up rate (cost), profit, and rate = cost + profit. */
function priceItem(state: BqState, node: NodeRecord): void {
  const buildUp = node.buildUpCode === null ? undefined : state.buildUps.get(node.buildUpCode);
  if (!buildUp) {
    node.buildUpRate = null;
    node.buildUpProfitAmount = null;
    return;
  }
  const { cost, profit } = buildUpPrice(buildUp);
  node.buildUpRate = formatSen(cost);
  node.buildUpProfitAmount = formatSen(profit);
  node.rate = formatSen(cost + profit);
}

/** Sets an item's amount from its quantity and rate, shifting the amounts above it. */
function reamount(state: BqState, node: NodeRecord): void {
  if (node.type !== 'item') return;
  const amount = itemAmount(node);
  shift(state, node.tabId, node.parentId, amount - node.amount);
  node.amount = amount;
}

/** Folds one recorded event into `state` (mutated) at `revision`, recorded at `at`. */
export function applyBqEvent(state: BqState, event: BqEvent, revision: number, at: string): BqState {
  state.revision = revision;
  state.updatedAt = at;
  switch (event.type) {
    case 'BqStarted':
      state.projectId = event.data.projectId;
      state.companyId = event.data.companyId;
      state.createdAt = at;
      break;
    case 'WorkflowStatusChanged':
      state.workflow = evolveWorkflow(state.workflow, event.data);
      break;
    case 'BqTabAdded': {
      const { tabId, name, order } = event.data;
      state.tabs.set(tabId, { id: tabId, name, amount: 0n, changedAt: revision });
      state.tabOrder.splice(Math.min(order, state.tabOrder.length), 0, tabId);
      break;
    }
    case 'BqTabRenamed': {
      const tab = state.tabs.get(event.data.tabId)!;
      tab.name = event.data.name;
      tab.changedAt = revision;
      break;
    }
    case 'BqTabMoved': {
      const { tabId, order } = event.data;
      state.tabOrder.splice(state.tabOrder.indexOf(tabId), 1);
      state.tabOrder.splice(Math.min(order, state.tabOrder.length), 0, tabId);
      state.tabs.get(tabId)!.changedAt = revision;
      break;
    }
    case 'BqTabRemoved': {
      const { tabId } = event.data;
      for (const id of [...childrenOf(state, tabKey(tabId))]) dropSubtree(state, id);
      state.amount -= state.tabs.get(tabId)!.amount;
      state.tabs.delete(tabId);
      state.tabOrder.splice(state.tabOrder.indexOf(tabId), 1);
      break;
    }
    case 'BqNodeAdded':
      addNode(state, event.data.tabId, event.data, event.data.order, revision);
      break;
    case 'BqNodesImported': {
      // Each node goes last under its parent: the rows come depth first, in the order they are shown.
      for (const node of event.data.nodes) addNode(state, event.data.tabId, node, Number.MAX_SAFE_INTEGER, revision);
      break;
    }
    case 'BqNodeUpdated': {
      const node = state.nodes.get(event.data.nodeId)!;
      const { changes } = event.data;
      Object.assign(node, changes);
      node.changedAt = revision;
      // A build-up code prices the item (a rate typed with it, over a total sub, stays as typed).
      if (node.type === 'item' && changes.buildUpCode !== undefined) {
        priceItem(state, node);
        if (changes.rate !== undefined) node.rate = changes.rate;
      }
      reamount(state, node);
      break;
    }
    case 'BqNodeRemoved':
      dropSubtree(state, event.data.nodeId);
      break;
    case 'BqNodeDuplicated': {
      const copyOf = new Map(event.data.copies);
      const [first] = event.data.copies;
      const original = state.nodes.get(event.data.nodeId)!;
      const index = childrenOf(state, parentKey(original)).indexOf(original.id) + 1;
      // Depth first: every copy's parent is copied before it, so each goes last under its copied parent.
      for (const [from, to] of event.data.copies) {
        const source = state.nodes.get(from)!;
        const parentId = from === first![0] ? source.parentId : copyOf.get(source.parentId!)!;
        const fields: BqFieldValues = {
          title: from === first![0] ? event.data.title : source.title,
          description: source.description,
          unit: source.unit,
          quantity: source.quantity,
          rate: source.rate,
          buildUpCode: source.buildUpCode,
          buildUpRate: source.buildUpRate,
          buildUpProfitAmount: source.buildUpProfitAmount,
        };
        addNode(
          state,
          source.tabId,
          { nodeId: to, parentId, nodeType: source.type, fields },
          from === first![0] ? index : Number.MAX_SAFE_INTEGER,
          revision,
        );
      }
      break;
    }
    case 'BqNodeMoved': {
      const node = state.nodes.get(event.data.nodeId)!;
      const list = state.children.get(parentKey(node))!;
      const a = list.indexOf(node.id);
      const b = list.indexOf(event.data.swappedWith);
      [list[a], list[b]] = [list[b]!, list[a]!];
      node.changedAt = revision;
      state.nodes.get(event.data.swappedWith)!.changedAt = revision;
      break;
    }
    case 'BqNodeIndented': {
      const node = state.nodes.get(event.data.nodeId)!;
      reparent(state, node, event.data.parentId, Number.MAX_SAFE_INTEGER);
      node.changedAt = revision;
      break;
    }
    case 'BqNodeOutdented': {
      const node = state.nodes.get(event.data.nodeId)!;
      const former = node.parentId!;
      const after = childrenOf(state, parentKey({ tabId: node.tabId, parentId: event.data.parentId })).indexOf(former) + 1;
      reparent(state, node, event.data.parentId, after);
      node.changedAt = revision;
      break;
    }
    case 'BqHeaderPromoted': {
      const node = state.nodes.get(event.data.nodeId)!;
      shift(state, node.tabId, node.parentId, -node.amount);
      Object.assign(node, {
        type: 'header',
        unit: null,
        quantity: null,
        rate: null,
        buildUpCode: null,
        buildUpRate: null,
        buildUpProfitAmount: null,
        amount: 0n,
        changedAt: revision,
      });
      break;
    }
    case 'BqHeaderDemoted': {
      const node = state.nodes.get(event.data.nodeId)!;
      Object.assign(node, { type: 'item', changedAt: revision });
      const amount = itemAmount(node);
      shift(state, node.tabId, node.parentId, amount - node.amount);
      node.amount = amount;
      break;
    }
    case 'BqBuildUpSaved': {
      const { erasedLines: _erased, ...buildUp } = event.data;
      state.buildUps.set(buildUp.code, buildUp);
      // Every item priced by it is priced again.
      for (const node of state.nodes.values()) {
        if (node.type !== 'item' || node.buildUpCode !== buildUp.code) continue;
        priceItem(state, node);
        reamount(state, node);
      }
      break;
    }
    case 'BqBuildUpRemoved':
      state.buildUps.delete(event.data.code);
      // Its items keep their rate and lose the code and the build-up's figures.
      for (const node of state.nodes.values()) {
        if (node.buildUpCode !== event.data.code) continue;
        node.buildUpCode = null;
        priceItem(state, node);
      }
      break;
  }
  return state;
}

/** The fold of a whole stream (events with their revision and time); `onto` is mutated when given. */
export function foldBq(events: Iterable<{ event: BqEvent; revision: number; at: string }>, onto: BqState = emptyBq()): BqState {
  for (const { event, revision, at } of events) applyBqEvent(onto, event, revision, at);
  return onto;
}

/** A node as the API shows it. */
export function nodeView(state: BqState, node: NodeRecord, order: number): BqNode {
  return {
    id: node.id,
    tabId: node.tabId,
    parentId: node.parentId,
    order,
    type: node.type,
    title: node.title,
    description: node.description,
    unit: node.unit,
    quantity: node.quantity,
    rate: node.rate,
    amount: formatSen(node.amount),
    buildUpCode: node.buildUpCode,
    buildUpRate: node.buildUpRate,
    buildUpProfitAmount: node.buildUpProfitAmount,
  };
}

/** Every node of every tab, depth first in the order shown (a tab's rows follow each other). */
export function flatNodes(state: BqState, tabId?: string): BqNode[] {
  const out: BqNode[] = [];
  const walk = (key: string) => {
    childrenOf(state, key).forEach((id, order) => {
      out.push(nodeView(state, state.nodes.get(id)!, order));
      walk(id);
    });
  };
  for (const id of tabId === undefined ? state.tabOrder : [tabId]) walk(tabKey(id));
  return out;
}

export function tabViews(state: BqState): BqTab[] {
  return state.tabOrder.map((id, order) => {
    const tab = state.tabs.get(id)!;
    return { id, name: tab.name, order, amount: formatSen(tab.amount) };
  });
}
