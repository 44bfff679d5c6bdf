// The BQ editor's tree (spec §3 tree-table node, §4.9 operations): tabs, each a tree of headers and items,
// amounts rolled up in sen. Pure and mutable (a BQ of 10,000 rows is not copied per keystroke): every
// operation changes the model it is given and bumps `version`, and the same functions fold the server's
// events (a second user's changes), so the browser and the api apply a change alike (api bq-tree.ts).
//
// Ids are local: a row made here has a temporary id ("-1", "-2", ...) until the server names it, and keeps
// it on screen; bq-sync.ts maps temporary <-> server ids. A node's order is its index among its parent's
// children, so orders are 0..n-1 under each parent by construction (renumbered after every change).
import type { BqNode, BqNodeType, BqTab } from '@binaan/contracts';

export type BqFields = {
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
  buildUpCode: string | null;
  buildUpRate: string | null;
  buildUpProfitAmount: string | null;
};
export type BqFieldName = keyof BqFields;
export const EMPTY_FIELDS: BqFields = {
  title: '',
  description: null,
  unit: null,
  quantity: null,
  rate: null,
  buildUpCode: null,
  buildUpRate: null,
  buildUpProfitAmount: null,
};
/** Fields a header never has (its amount is the sum of its rows). */
export const PRICE_FIELDS = ['unit', 'quantity', 'rate', 'buildUpCode', 'buildUpRate', 'buildUpProfitAmount'] as const;
export const COPY_PREFIX = 'Copy of ';

export type ModelNode = BqFields & { id: string; tabId: string | null; parentId: string | null; type: BqNodeType; amount: bigint };
export type ModelTab = { id: string; name: string; amount: bigint };

export type BqModel = {
  tabs: Map<string, ModelTab>;
  tabOrder: string[];
  nodes: Map<string, ModelNode>;
  /** Children in order by parent id, or `tab:<tabId>` for the top of a tab (`tab:` when there is no tab). */
  children: Map<string, string[]>;
  amount: bigint;
  /** Bumped by every change (what React re-renders on). */
  version: number;
};

export const tabKey = (tabId: string | null): string => `tab:${tabId ?? ''}`;
export const parentKey = (node: { tabId: string | null; parentId: string | null }): string => node.parentId ?? tabKey(node.tabId);

export function emptyModel(): BqModel {
  return { tabs: new Map(), tabOrder: [], nodes: new Map(), children: new Map(), amount: 0n, version: 0 };
}

// ---- exact decimals (as the api's documents/money.ts) ----

const MONEY = /^-?\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;

function scaled(text: string, places: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
  return negative ? -value : value;
}

export function formatSen(sen: bigint): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A typed quantity in the api's canonical form ("2.5" -> "2.500", commas dropped); '' -> null; undefined when not a quantity. */
export function canonicalQuantity(text: string): string | null | undefined {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return null;
  if (!QUANTITY.test(value)) return undefined;
  const thousandths = scaled(value, 3);
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

/** A typed amount in the api's canonical form ("3" -> "3.00", "RM 1,200" -> "1200.00"); '' -> null; undefined when not money. */
export function canonicalMoney(text: string): string | null | undefined {
  const value = text
    .trim()
    .replace(/^RM\s*/i, '')
    .replace(/,/g, '');
  if (value === '') return null;
  if (!MONEY.test(value)) return undefined;
  return formatSen(scaled(value, 2));
}

/** quantity x rate in sen, rounded half up to the sen; 0 when either is empty. */
export function itemAmount(fields: Pick<BqFields, 'quantity' | 'rate'>): bigint {
  if (fields.quantity === null || fields.rate === null || !QUANTITY.test(fields.quantity) || !MONEY.test(fields.rate)) return 0n;
  const product = scaled(fields.quantity, 3) * scaled(fields.rate, 2);
  const half = (abs: bigint) => (abs * 2n + 1000n) / 2000n;
  return product < 0n ? -half(-product) : half(product);
}

// ---- reading ----

export const childrenOf = (model: BqModel, key: string): readonly string[] => model.children.get(key) ?? [];

export function subtree(model: BqModel, id: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    out.push(at);
    for (const child of childrenOf(model, at)) walk(child);
  };
  walk(id);
  return out;
}

export function indexOf(model: BqModel, node: ModelNode): number {
  return childrenOf(model, parentKey(node)).indexOf(node.id);
}

export function previousSibling(model: BqModel, node: ModelNode): ModelNode | undefined {
  const list = childrenOf(model, parentKey(node));
  const id = list[list.indexOf(node.id) - 1];
  return id === undefined ? undefined : model.nodes.get(id);
}

/** Why an operation cannot be done here (the api's refusal code), or null when it can. */
export function refusal(
  model: BqModel,
  op: 'moveUp' | 'moveDown' | 'indent' | 'outdent' | 'promote' | 'demote',
  id: string,
): string | null {
  const node = model.nodes.get(id);
  if (!node) return 'bqNodeNotFound';
  const list = childrenOf(model, parentKey(node));
  const at = list.indexOf(id);
  switch (op) {
    case 'moveUp':
      return at > 0 ? null : 'bqCannotMove';
    case 'moveDown':
      return at < list.length - 1 ? null : 'bqCannotMove';
    case 'indent': {
      const previous = previousSibling(model, node);
      if (!previous) return 'bqCannotIndent';
      return previous.type === 'header' ? null : 'bqParentNotHeader';
    }
    case 'outdent':
      return node.parentId === null ? 'bqCannotOutdent' : null;
    case 'promote':
      return node.type === 'header' ? 'bqAlreadyHeader' : null;
    case 'demote':
      if (node.type === 'item') return 'bqAlreadyItem';
      return childrenOf(model, id).length > 0 ? 'bqHeaderHasChildren' : null;
  }
}

// ---- changing ----

function shift(model: BqModel, tabId: string | null, parentId: string | null, delta: bigint): void {
  if (delta === 0n) return;
  for (let id = parentId; id !== null;) {
    const node = model.nodes.get(id);
    if (!node) break;
    node.amount += delta;
    id = node.parentId;
  }
  const tab = tabId === null ? undefined : model.tabs.get(tabId);
  if (tab) tab.amount += delta;
  model.amount += delta;
}

function insertChild(model: BqModel, key: string, id: string, index: number): void {
  const list = model.children.get(key) ?? [];
  list.splice(Math.max(0, Math.min(index, list.length)), 0, id);
  model.children.set(key, list);
}

function removeChild(model: BqModel, key: string, id: string): void {
  const list = model.children.get(key);
  if (!list) return;
  const index = list.indexOf(id);
  if (index >= 0) list.splice(index, 1);
  if (list.length === 0) model.children.delete(key);
}

const touched = (model: BqModel) => {
  model.version++;
};

export type NewNode = { id: string; tabId: string | null; parentId: string | null; type: BqNodeType; fields: Partial<BqFields> };

/** Adds a node at `index` among its parent's children (last when beyond). */
export function addNode(model: BqModel, node: NewNode, index = Number.MAX_SAFE_INTEGER): void {
  const fields = { ...EMPTY_FIELDS, ...node.fields };
  const amount = node.type === 'item' ? itemAmount(fields) : 0n;
  model.nodes.set(node.id, { ...fields, id: node.id, tabId: node.tabId, parentId: node.parentId, type: node.type, amount });
  insertChild(model, parentKey(node), node.id, index);
  shift(model, node.tabId, node.parentId, amount);
  touched(model);
}

export function updateNode(model: BqModel, id: string, changes: Partial<BqFields>): void {
  const node = model.nodes.get(id);
  if (!node) return;
  Object.assign(node, changes);
  if (node.type === 'item') {
    const amount = itemAmount(node);
    shift(model, node.tabId, node.parentId, amount - node.amount);
    node.amount = amount;
  }
  touched(model);
}

/** Removes a node with its descendants; returns their ids (the node first). */
export function removeNode(model: BqModel, id: string): string[] {
  const node = model.nodes.get(id);
  if (!node) return [];
  const ids = subtree(model, id);
  shift(model, node.tabId, node.parentId, -node.amount);
  removeChild(model, parentKey(node), id);
  for (const at of ids) {
    model.nodes.delete(at);
    model.children.delete(at);
  }
  touched(model);
  return ids;
}

/** Copies a node and its subtree just below it, the copy titled "Copy of ..."; `copies` pairs each original with its copy's id, depth first. */
export function duplicateNode(model: BqModel, id: string, copies: readonly (readonly [string, string])[], title?: string): void {
  const original = model.nodes.get(id);
  if (!original) return;
  const copyOf = new Map(copies);
  const index = indexOf(model, original) + 1;
  for (const [from, to] of copies) {
    const source = model.nodes.get(from);
    if (!source) continue;
    const top = from === id;
    const { id: _id, tabId, parentId, type, amount: _amount, ...fields } = source;
    addNode(
      model,
      {
        id: to,
        tabId,
        parentId: top ? parentId : (copyOf.get(parentId!) ?? null),
        type,
        fields: { ...fields, ...(top ? { title: title ?? `${COPY_PREFIX}${source.title}` } : {}) },
      },
      top ? index : Number.MAX_SAFE_INTEGER,
    );
  }
}

/** Swaps a node with its neighbour above or below (move, §4.9). */
export function moveNode(model: BqModel, id: string, direction: 'up' | 'down'): void {
  const node = model.nodes.get(id);
  if (!node) return;
  const list = model.children.get(parentKey(node));
  if (!list) return;
  const a = list.indexOf(id);
  const b = a + (direction === 'up' ? -1 : 1);
  if (b < 0 || b >= list.length) return;
  [list[a], list[b]] = [list[b]!, list[a]!];
  touched(model);
}

/** Moves a node (with its subtree and amount) under `parentId` at `index`. */
function reparent(model: BqModel, node: ModelNode, parentId: string | null, index: number): void {
  shift(model, node.tabId, node.parentId, -node.amount);
  removeChild(model, parentKey(node), node.id);
  node.parentId = parentId;
  insertChild(model, parentKey(node), node.id, index);
  shift(model, node.tabId, parentId, node.amount);
  touched(model);
}

/** Indent: the node becomes the last child of `parentId` (its previous sibling when not given). */
export function indentNode(model: BqModel, id: string, parentId?: string): void {
  const node = model.nodes.get(id);
  const parent = parentId ?? (node ? previousSibling(model, node)?.id : undefined);
  if (!node || parent === undefined) return;
  reparent(model, node, parent, Number.MAX_SAFE_INTEGER);
}

/** Outdent: the node goes to its grandparent, just after its former parent. */
export function outdentNode(model: BqModel, id: string): void {
  const node = model.nodes.get(id);
  if (!node || node.parentId === null) return;
  const former = model.nodes.get(node.parentId);
  const grandparent = former?.parentId ?? null;
  const after = childrenOf(model, parentKey({ tabId: node.tabId, parentId: grandparent })).indexOf(node.parentId) + 1;
  reparent(model, node, grandparent, after);
}

export function promoteNode(model: BqModel, id: string): void {
  const node = model.nodes.get(id);
  if (!node || node.type === 'header') return;
  shift(model, node.tabId, node.parentId, -node.amount);
  Object.assign(node, {
    type: 'header',
    unit: null,
    quantity: null,
    rate: null,
    buildUpCode: null,
    buildUpRate: null,
    buildUpProfitAmount: null,
    amount: 0n,
  });
  touched(model);
}

export function demoteNode(model: BqModel, id: string): void {
  const node = model.nodes.get(id);
  if (!node || node.type === 'item') return;
  node.type = 'item';
  const amount = itemAmount(node);
  shift(model, node.tabId, node.parentId, amount - node.amount);
  node.amount = amount;
  touched(model);
}

export function addTab(model: BqModel, id: string, name: string, order = model.tabOrder.length): void {
  model.tabs.set(id, { id, name, amount: 0n });
  model.tabOrder.splice(Math.min(order, model.tabOrder.length), 0, id);
  // Rows made while there was no tab go into the first tab.
  const orphans = model.children.get(tabKey(null));
  if (orphans && model.tabOrder.length === 1) {
    model.children.delete(tabKey(null));
    model.children.set(tabKey(id), orphans);
    for (const nodeId of orphans) for (const at of subtree(model, nodeId)) model.nodes.get(at)!.tabId = id;
    model.tabs.get(id)!.amount = orphans.reduce((sum, nodeId) => sum + model.nodes.get(nodeId)!.amount, 0n);
  }
  touched(model);
}

export function renameTab(model: BqModel, id: string, name: string): void {
  const tab = model.tabs.get(id);
  if (!tab) return;
  tab.name = name;
  touched(model);
}

export function moveTab(model: BqModel, id: string, order: number): void {
  const at = model.tabOrder.indexOf(id);
  if (at < 0) return;
  model.tabOrder.splice(at, 1);
  model.tabOrder.splice(Math.min(order, model.tabOrder.length), 0, id);
  touched(model);
}

export function removeTab(model: BqModel, id: string): void {
  const tab = model.tabs.get(id);
  if (!tab) return;
  for (const nodeId of [...childrenOf(model, tabKey(id))]) removeNode(model, nodeId);
  model.tabs.delete(id);
  model.tabOrder.splice(model.tabOrder.indexOf(id), 1);
  touched(model);
}

/** Amounts as the api sends them ("1234.50", "-3.00") in sen. */
const senOf = (amount: string): bigint => (MONEY.test(amount) ? scaled(amount, 2) : 0n);

/**
 * The model of a BQ as the api reads it (ids through `localOf`: a row made here keeps its temporary id).
 * The nodes come depth first in the order shown, so each is appended to its parent's children; amounts are
 * the api's (already rolled up), so a 10,000-row BQ is built in one pass without walking any ancestors.
 */
export function fromServerView(
  view: { tabs: readonly BqTab[]; nodes: readonly BqNode[] },
  localOf: (serverId: string) => string = (id) => id,
): BqModel {
  const model = emptyModel();
  for (const tab of [...view.tabs].sort((a, b) => a.order - b.order)) {
    const id = localOf(tab.id);
    model.tabs.set(id, { id, name: tab.name, amount: senOf(tab.amount) });
    model.tabOrder.push(id);
    model.amount += senOf(tab.amount);
  }
  for (const node of view.nodes) {
    const id = localOf(node.id);
    const tabId = localOf(node.tabId);
    const parentId = node.parentId === null ? null : localOf(node.parentId);
    model.nodes.set(id, {
      id,
      tabId,
      parentId,
      type: node.type,
      title: node.title,
      description: node.description,
      unit: node.unit,
      quantity: node.quantity,
      rate: node.rate,
      buildUpCode: node.buildUpCode,
      buildUpRate: node.buildUpRate,
      buildUpProfitAmount: node.buildUpProfitAmount,
      amount: senOf(node.amount),
    });
    const key = parentId ?? tabKey(tabId);
    const list = model.children.get(key);
    if (list) list.push(id);
    else model.children.set(key, [id]);
  }
  return model;
}

// ---- the rows shown ----

export type VisibleRow = { id: string; node: ModelNode; depth: number; number: string; hasChildren: boolean; collapsed: boolean };

/** One tab's rows depth first, without those under a collapsed header; `number` is "1.2.3" (orders + 1). */
export function visibleRows(model: BqModel, tabId: string | null, collapsed: ReadonlySet<string>): VisibleRow[] {
  const out: VisibleRow[] = [];
  const walk = (key: string, depth: number, prefix: string) => {
    const list = model.children.get(key);
    if (!list) return;
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const node = model.nodes.get(id)!;
      const number = prefix === '' ? String(i + 1) : `${prefix}.${i + 1}`;
      const hasChildren = model.children.has(id);
      const isCollapsed = hasChildren && collapsed.has(id);
      out.push({ id, node, depth, number, hasChildren, collapsed: isCollapsed });
      if (hasChildren && !isCollapsed) walk(id, depth + 1, number);
    }
  };
  walk(tabKey(tabId), 0, '');
  return out;
}

/** Every header of a tab that has rows (collapse all). */
export function headersWithChildren(model: BqModel, tabId: string | null): string[] {
  const out: string[] = [];
  const walk = (key: string) => {
    for (const id of childrenOf(model, key)) {
      if (model.children.has(id)) {
        out.push(id);
        walk(id);
      }
    }
  };
  walk(tabKey(tabId));
  return out;
}

/** A node as the api shows it (for comparing with a reload, and for copying). */
export function nodeView(model: BqModel, node: ModelNode): BqNode {
  return {
    id: node.id,
    tabId: node.tabId ?? '',
    parentId: node.parentId,
    order: indexOf(model, node),
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

/** Every node of every tab, depth first (the api's `nodes` order). */
export function flatNodes(model: BqModel): BqNode[] {
  const out: BqNode[] = [];
  const walk = (key: string) => {
    for (const id of childrenOf(model, key)) {
      out.push(nodeView(model, model.nodes.get(id)!));
      walk(id);
    }
  };
  for (const tabId of model.tabOrder) walk(tabKey(tabId));
  return out;
}
