// Deciding a BQ change: given the state, a command and the revision the caller made it on, the events to
// record or a refusal (`refusal`). Pure: ids and time come in; nothing is read or written here.
//
// Concurrency is per node (README "Decisions"): a change made on an older revision is taken when none of
// what it depends on (its footprint: the node, the parent it goes under, the sibling it swaps with, the
// tab) changed since that revision; otherwise 409 wrongExpectedRevision with the nodes that changed.
import { refusal, Refused } from '../common/refusal.js';
import type { BqNodeType } from '@binaan/contracts';
import { childrenOf, parentKey, subtree, tabKey, type BqState, type NodeRecord } from './bq-tree.js';
import type { BqBuildUp, BqEvent, BqFieldChanges, BqFieldValues, BqNewNode } from './bq.events.js';

export type BqCommand =
  | { type: 'addTab'; tabId: string; name: string; order?: number }
  | { type: 'renameTab'; tabId: string; name: string }
  | { type: 'moveTab'; tabId: string; order: number }
  | { type: 'removeTab'; tabId: string }
  | {
      type: 'add';
      tabId: string | null;
      nodeId: string;
      parentId: string | null;
      nodeType: BqNodeType;
      fields: BqFieldChanges;
      order?: number;
    }
  | { type: 'import'; tabId: string; parentId: string | null; nodes: BqNewNode[] }
  | { type: 'update'; tabId: string; nodeId: string; fields: BqFieldChanges }
  | { type: 'delete'; tabId: string; nodeId: string }
  | { type: 'duplicate'; tabId: string; nodeId: string }
  | { type: 'move'; tabId: string; nodeId: string; direction: 'up' | 'down' }
  | { type: 'indent'; tabId: string; nodeId: string }
  | { type: 'outdent'; tabId: string; nodeId: string }
  | { type: 'promote'; tabId: string; nodeId: string }
  | { type: 'demote'; tabId: string; nodeId: string }
  | { type: 'saveBuildUp'; buildUp: BqBuildUp; isNew: boolean }
  | { type: 'removeBuildUp'; code: string };

export type BqCommandType = BqCommand['type'];

/** Inputs from outside: a fresh id for each node a duplicate makes. */
export type DecideContext = { newId: () => string };

const EDITABLE = new Set(['new', 'rejected']);
const PRICE_FIELDS = ['unit', 'quantity', 'rate', 'buildUpCode', 'buildUpRate', 'buildUpProfitAmount'] as const;
export const COPY_PREFIX = 'Copy of ';

const EMPTY_FIELDS: BqFieldValues = {
  title: '',
  description: null,
  unit: null,
  quantity: null,
  rate: null,
  buildUpCode: null,
  buildUpRate: null,
  buildUpProfitAmount: null,
};

export function isEditable(state: BqState): boolean {
  return state.workflow === null || EDITABLE.has(state.workflow.status);
}

function tabOf(state: BqState, tabId: string) {
  const tab = state.tabs.get(tabId);
  if (!tab) throw refusal(404, 'bqTabNotFound', 'No such tab in this bill of quantity.');
  return tab;
}

function nodeOf(state: BqState, tabId: string, nodeId: string): NodeRecord {
  const node = state.nodes.get(nodeId);
  if (!node || node.tabId !== tabId) throw refusal(404, 'bqNodeNotFound', 'No such row in this tab.');
  return node;
}

function header(state: BqState, parentId: string | null, tabId: string): void {
  if (parentId === null) return;
  const parent = nodeOf(state, tabId, parentId);
  if (parent.type !== 'header')
    throw refusal(422, 'bqParentNotHeader', 'Only a header can hold rows.', { fields: { parentId: ['bqParentNotHeader'] } });
}

function unpricedHeader(type: BqNodeType, fields: BqFieldChanges): void {
  if (type !== 'header') return;
  const priced = PRICE_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== null);
  if (priced.length > 0) {
    throw refusal(422, 'bqHeaderNotPriced', 'A header has no unit, quantity, rate or build-up: its amount is the sum of its rows.', {
      fields: Object.fromEntries(priced.map((f) => [f, ['bqHeaderNotPriced']])),
    });
  }
}

/** Spec §8.3: a rate typed over a build-up's is allowed only when that build-up is a total sub. */
function rateOverBuildUp(state: BqState, node: NodeRecord | null, fields: BqFieldChanges): void {
  const code = fields.buildUpCode !== undefined ? fields.buildUpCode : (node?.buildUpCode ?? null);
  if (code === null) return;
  const buildUp = state.buildUps.get(code);
  if (!buildUp)
    throw refusal(422, 'unknownTradeCode', `No build-up has the trade code ${code}.`, { fields: { buildUpCode: ['unknownTradeCode'] } });
  if (fields.rate !== undefined && fields.rate !== null && buildUp.totalSub === null) {
    throw refusal(
      422,
      'tradeCodeOfRateEditedNotTotalSub',
      `The trade code ${code} of the rate edited is not a total sub: its rate comes from its build-up.`,
      { fields: { rate: ['tradeCodeOfRateEditedNotTotalSub'] } },
    );
  }
}

function withoutBuildUpFigures(fields: BqFieldChanges): BqFieldChanges {
  const { buildUpRate: _rate, buildUpProfitAmount: _profit, ...rest } = fields;
  return rest;
}

/** What the command reads: nodes and tabs that, changed since the caller's revision, make it stale. */
export function footprint(state: BqState, command: BqCommand): { nodes: string[]; tabs: string[] } {
  const node = 'nodeId' in command ? state.nodes.get(command.nodeId) : undefined;
  switch (command.type) {
    case 'add':
    case 'import':
      return { nodes: command.parentId ? [command.parentId] : [], tabs: [] };
    case 'move': {
      if (!node) return { nodes: [], tabs: [] };
      const list = childrenOf(state, parentKey(node));
      const other = list[list.indexOf(node.id) + (command.direction === 'up' ? -1 : 1)];
      return { nodes: other ? [node.id, other] : [node.id], tabs: [] };
    }
    case 'indent': {
      if (!node) return { nodes: [], tabs: [] };
      const list = childrenOf(state, parentKey(node));
      const previous = list[list.indexOf(node.id) - 1];
      return { nodes: previous ? [node.id, previous] : [node.id], tabs: [] };
    }
    case 'outdent':
      return { nodes: node ? [node.id, ...(node.parentId ? [node.parentId] : [])] : [], tabs: [] };
    case 'update':
    case 'delete':
    case 'duplicate':
    case 'promote':
    case 'demote':
      return { nodes: node ? [node.id] : [], tabs: [] };
    case 'renameTab':
    case 'moveTab':
    case 'removeTab':
      return { nodes: [], tabs: [command.tabId] };
    default:
      return { nodes: [], tabs: [] };
  }
}

/** Refuses a change made on `base` when what it depends on changed after `base` (per node). */
export function checkFresh(state: BqState, command: BqCommand, base: number): void {
  if (base > state.revision || base < 0) throw stale(state, base, []);
  if (base === state.revision) return;
  const { nodes, tabs } = footprint(state, command);
  const changed = [
    ...nodes.filter((id) => (state.nodes.get(id)?.changedAt ?? -1) > base),
    ...tabs.filter((id) => (state.tabs.get(id)?.changedAt ?? -1) > base),
  ];
  if (changed.length > 0) throw stale(state, base, changed);
}

function stale(state: BqState, base: number, changed: string[]): Refused {
  return refusal(
    409,
    'wrongExpectedRevision',
    `The bill of quantity changed: you sent revision ${base}, it is at ${state.revision}. Read the changes since ${base} and try again.`,
    { revision: state.revision, changed },
  );
}

function tabName(state: BqState, name: string, tabId: string): void {
  if (name.trim() === '') throw refusal(400, 'bqTabNameRequired', 'Name the tab.', { fields: { name: ['bqTabNameRequired'] } });
  const taken = [...state.tabs.values()].some((tab) => tab.id !== tabId && tab.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (taken) throw refusal(409, 'bqTabNameTaken', `Another tab is named ${name}.`, { fields: { name: ['bqTabNameTaken'] } });
}

/** The events of a tree or build-up change (the workflow's are decided by the machine, in the service). */
export function decideBq(state: BqState, command: BqCommand, context: DecideContext): BqEvent[] {
  if (!isEditable(state))
    throw refusal(409, 'bqNotEditable', `The bill of quantity is ${state.workflow!.status}: it can be changed only while new or rejected.`);
  switch (command.type) {
    case 'addTab': {
      tabName(state, command.name, command.tabId);
      const order = Math.max(0, Math.min(command.order ?? state.tabOrder.length, state.tabOrder.length));
      return [{ type: 'BqTabAdded', data: { tabId: command.tabId, name: command.name.trim(), order } }];
    }
    case 'renameTab':
      tabOf(state, command.tabId);
      tabName(state, command.name, command.tabId);
      return [{ type: 'BqTabRenamed', data: { tabId: command.tabId, name: command.name.trim() } }];
    case 'moveTab': {
      tabOf(state, command.tabId);
      const order = Math.max(0, Math.min(command.order, state.tabOrder.length - 1));
      return [{ type: 'BqTabMoved', data: { tabId: command.tabId, order } }];
    }
    case 'removeTab': {
      tabOf(state, command.tabId);
      const nodesRemoved = childrenOf(state, tabKey(command.tabId)).reduce((n, id) => n + subtree(state, id).length, 0);
      return [{ type: 'BqTabRemoved', data: { tabId: command.tabId, nodesRemoved } }];
    }
    case 'add': {
      if (command.tabId === null || state.tabs.size === 0) throw refusal(422, 'bqTabRequired', 'Please create at least one tab first.');
      tabOf(state, command.tabId);
      header(state, command.parentId, command.tabId);
      unpricedHeader(command.nodeType, command.fields);
      if (command.nodeType === 'item') rateOverBuildUp(state, null, command.fields);
      if (state.nodes.has(command.nodeId)) throw refusal(409, 'validationFailed', 'A row with this id exists.');
      const siblings = childrenOf(state, command.parentId ?? tabKey(command.tabId)).length;
      const order = Math.max(0, Math.min(command.order ?? siblings, siblings));
      if (command.nodeType === 'item' && command.fields.buildUpCode) {
        // Added with a build-up: an add and the update that prices it, so the fold prices it as an update does.
        const { buildUpCode, rate, ...rest } = command.fields;
        return [
          {
            type: 'BqNodeAdded',
            data: {
              tabId: command.tabId,
              order,
              nodeId: command.nodeId,
              parentId: command.parentId,
              nodeType: 'item',
              fields: { ...EMPTY_FIELDS, ...withoutBuildUpFigures(rest) },
            },
          },
          {
            type: 'BqNodeUpdated',
            data: { tabId: command.tabId, nodeId: command.nodeId, changes: { buildUpCode, ...(rate !== undefined ? { rate } : {}) } },
          },
        ];
      }
      return [
        {
          type: 'BqNodeAdded',
          data: {
            tabId: command.tabId,
            order,
            nodeId: command.nodeId,
            parentId: command.parentId,
            nodeType: command.nodeType,
            fields: { ...EMPTY_FIELDS, ...command.fields },
          },
        },
      ];
    }
    case 'import': {
      tabOf(state, command.tabId);
      header(state, command.parentId, command.tabId);
      return [{ type: 'BqNodesImported', data: { tabId: command.tabId, parentId: command.parentId, nodes: command.nodes } }];
    }
    case 'update': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      unpricedHeader(node.type, command.fields);
      if (node.type === 'item') rateOverBuildUp(state, node, command.fields);
      // An item priced by a build-up gets its build-up rate and profit from it, not from the caller.
      const priced = (command.fields.buildUpCode !== undefined ? command.fields.buildUpCode : node.buildUpCode) !== null;
      const wanted = priced ? withoutBuildUpFigures(command.fields) : command.fields;
      const changes = Object.fromEntries(
        Object.entries(wanted).filter(([key, value]) => node[key as keyof BqFieldValues] !== value),
      ) as BqFieldChanges;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'BqNodeUpdated', data: { tabId: command.tabId, nodeId: node.id, changes } }];
    }
    case 'delete': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      return [{ type: 'BqNodeRemoved', data: { tabId: command.tabId, nodeId: node.id, nodesRemoved: subtree(state, node.id).length } }];
    }
    case 'duplicate': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      const copies = subtree(state, node.id).map((id): [string, string] => [id, context.newId()]);
      return [{ type: 'BqNodeDuplicated', data: { tabId: command.tabId, nodeId: node.id, title: `${COPY_PREFIX}${node.title}`, copies } }];
    }
    case 'move': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      const list = childrenOf(state, parentKey(node));
      const other = list[list.indexOf(node.id) + (command.direction === 'up' ? -1 : 1)];
      if (other === undefined)
        throw refusal(409, 'bqCannotMove', `The row is already the ${command.direction === 'up' ? 'first' : 'last'} under its header.`);
      return [{ type: 'BqNodeMoved', data: { tabId: command.tabId, nodeId: node.id, direction: command.direction, swappedWith: other } }];
    }
    case 'indent': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      const list = childrenOf(state, parentKey(node));
      const previous = list[list.indexOf(node.id) - 1];
      if (previous === undefined) throw refusal(409, 'bqCannotIndent', 'The first row under a header has no row above it to go under.');
      header(state, previous, command.tabId);
      return [{ type: 'BqNodeIndented', data: { tabId: command.tabId, nodeId: node.id, parentId: previous } }];
    }
    case 'outdent': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      if (node.parentId === null) throw refusal(409, 'bqCannotOutdent', 'The row is already at the top of the tab.');
      return [
        { type: 'BqNodeOutdented', data: { tabId: command.tabId, nodeId: node.id, parentId: state.nodes.get(node.parentId)!.parentId } },
      ];
    }
    case 'promote': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      if (node.type === 'header') throw refusal(409, 'bqAlreadyHeader', 'The row is already a header.');
      const cleared = Object.fromEntries(PRICE_FIELDS.filter((f) => node[f] !== null).map((f) => [f, node[f]])) as BqFieldChanges;
      return [{ type: 'BqHeaderPromoted', data: { tabId: command.tabId, nodeId: node.id, cleared } }];
    }
    case 'demote': {
      const node = nodeOf(state, command.tabId, command.nodeId);
      if (node.type === 'item') throw refusal(409, 'bqAlreadyItem', 'The row is already an item.');
      if (childrenOf(state, node.id).length > 0)
        throw refusal(409, 'bqHeaderHasChildren', 'Move or delete the rows under this header first: an item holds no rows.');
      return [{ type: 'BqHeaderDemoted', data: { tabId: command.tabId, nodeId: node.id } }];
    }
    case 'saveBuildUp':
      return [decideBuildUp(state, command.buildUp, command.isNew)];
    case 'removeBuildUp': {
      if (!state.buildUps.has(command.code)) throw refusal(404, 'unknownTradeCode', `No build-up has the trade code ${command.code}.`);
      return [{ type: 'BqBuildUpRemoved', data: { code: command.code } }];
    }
  }
}

/**
 * Spec §5.3: a total-sub build-up needs trade code and description first, and entering it erases the other
 * build-up items (its lines); a trade code is unique within the budget (the BQ's build-ups, case aside):
 * a new build-up under a code the budget holds, in any spelling, is refused.
 */
function decideBuildUp(state: BqState, buildUp: BqBuildUp, isNew: boolean): BqEvent {
  if (buildUp.totalSub !== null && (buildUp.code.trim() === '' || buildUp.description.trim() === '')) {
    throw refusal(422, 'totalSubNeedsTradeCode', 'Enter the trade code and description before the total sub.', {
      fields: {
        ...(buildUp.code.trim() === '' ? { code: ['totalSubNeedsTradeCode'] } : {}),
        ...(buildUp.description.trim() === '' ? { description: ['totalSubNeedsTradeCode'] } : {}),
      },
    });
  }
  if (buildUp.code.trim() === '')
    throw refusal(400, 'validationFailed', 'A build-up needs a trade code.', { fields: { code: ['required'] } });
  const clash = [...state.buildUps.keys()].find(
    (code) => (isNew || code !== buildUp.code) && code.toLowerCase() === buildUp.code.toLowerCase(),
  );
  if (!isNew && !state.buildUps.has(buildUp.code))
    throw refusal(404, 'unknownTradeCode', `No build-up has the trade code ${buildUp.code}.`);
  if (clash !== undefined)
    throw refusal(409, 'tradeCodeTaken', `The trade code ${clash} is already in this budget.`, { fields: { code: ['tradeCodeTaken'] } });
  const erasedLines = buildUp.totalSub !== null ? buildUp.lines.length + (state.buildUps.get(buildUp.code)?.lines.length ?? 0) : 0;
  return { type: 'BqBuildUpSaved', data: { ...buildUp, lines: buildUp.totalSub !== null ? [] : buildUp.lines, erasedLines } };
}
