// The editor's changes as data (what the sync queue sends, spec §4.9) and how each applies to the model,
// plus the fold of the server's recorded events (a second user's changes from the live channel). Pure.
import { asText, type BqImportRow, type BqNodeType } from '@binaan/contracts';
import {
  addNode,
  addTab,
  demoteNode,
  duplicateNode,
  indentNode,
  moveNode,
  moveTab,
  outdentNode,
  promoteNode,
  refusal,
  removeNode,
  removeTab,
  renameTab,
  updateNode,
  type BqFields,
  type BqModel,
} from './bq-model.js';

export type BqOp =
  | { kind: 'addTab'; id: string; name: string }
  | { kind: 'renameTab'; tabId: string; name: string }
  | { kind: 'removeTab'; tabId: string }
  | { kind: 'add'; id: string; tabId: string | null; parentId: string | null; type: BqNodeType; fields: Partial<BqFields>; order: number }
  | { kind: 'update'; id: string; tabId: string | null; fields: Partial<BqFields> }
  | { kind: 'delete'; id: string; tabId: string | null }
  | { kind: 'duplicate'; id: string; tabId: string | null; copies: [string, string][] }
  | { kind: 'move'; id: string; tabId: string | null; direction: 'up' | 'down' }
  | { kind: 'indent' | 'outdent' | 'promote' | 'demote'; id: string; tabId: string | null }
  | { kind: 'import'; tabId: string | null; parentId: string | null; rows: BqImportRow[]; ids: string[] };

export type BqOpKind = BqOp['kind'];

/** Applies a change to the model; false when it cannot apply there (a row gone, a rule the api would refuse). */
export function applyOp(model: BqModel, op: BqOp): boolean {
  switch (op.kind) {
    case 'addTab':
      if (model.tabs.has(op.id)) return false;
      addTab(model, op.id, op.name);
      return true;
    case 'renameTab':
      if (!model.tabs.has(op.tabId)) return false;
      renameTab(model, op.tabId, op.name);
      return true;
    case 'removeTab':
      if (!model.tabs.has(op.tabId)) return false;
      removeTab(model, op.tabId);
      return true;
    case 'add': {
      if (model.nodes.has(op.id)) return false;
      if (op.parentId !== null && model.nodes.get(op.parentId)?.type !== 'header') return false;
      addNode(model, { id: op.id, tabId: op.tabId, parentId: op.parentId, type: op.type, fields: op.fields }, op.order);
      return true;
    }
    case 'import': {
      if (op.parentId !== null && model.nodes.get(op.parentId)?.type !== 'header') return false;
      const stack: string[] = [];
      op.rows.forEach((row, i) => {
        stack.length = row.level - 1;
        const parentId = row.level === 1 ? op.parentId : (stack[row.level - 2] ?? op.parentId);
        const { level: _level, type, ...fields } = row;
        // As the api: each row goes last under its parent (rows come depth first, in the order shown).
        addNode(model, { id: op.ids[i]!, tabId: op.tabId, parentId, type, fields });
        stack.push(op.ids[i]!);
      });
      return true;
    }
    case 'update':
      if (!model.nodes.has(op.id)) return false;
      updateNode(model, op.id, op.fields);
      return true;
    case 'delete':
      return removeNode(model, op.id).length > 0;
    case 'duplicate':
      if (!model.nodes.has(op.id)) return false;
      duplicateNode(model, op.id, op.copies);
      return true;
    case 'move':
      if (refusal(model, op.direction === 'up' ? 'moveUp' : 'moveDown', op.id)) return false;
      moveNode(model, op.id, op.direction);
      return true;
    case 'indent':
    case 'outdent':
    case 'promote':
    case 'demote':
      if (refusal(model, op.kind, op.id)) return false;
      ({ indent: indentNode, outdent: outdentNode, promote: promoteNode, demote: demoteNode })[op.kind](model, op.id);
      return true;
  }
}

/** One recorded change as the api's /changes and live stream give it. */
export type BqChange = { revision: number; type: string; data: Record<string, unknown>; at: string; userId: string | null };

type Data = Record<string, unknown>;
const str = (value: unknown): string => asText(value);
const strOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : asText(value));

/**
 * Folds a recorded event into the model, the server's ids turned into local ones by `local`. Returns
 * false when the model cannot take it (a row it names is not here): the caller reloads. Workflow and
 * build-up events change no row (true).
 */
export function applyChange(model: BqModel, change: BqChange, local: (serverId: string) => string): boolean {
  const d = change.data as Data;
  const id = (key: string) => local(str(d[key]));
  const known = (key: string) => model.nodes.has(id(key));
  switch (change.type) {
    case 'BqTabAdded':
      addTab(model, id('tabId'), str(d.name), Number(d.order));
      return true;
    case 'BqTabRenamed':
      if (!model.tabs.has(id('tabId'))) return false;
      renameTab(model, id('tabId'), str(d.name));
      return true;
    case 'BqTabMoved':
      if (!model.tabs.has(id('tabId'))) return false;
      moveTab(model, id('tabId'), Number(d.order));
      return true;
    case 'BqTabRemoved':
      if (!model.tabs.has(id('tabId'))) return false;
      removeTab(model, id('tabId'));
      return true;
    case 'BqNodeAdded': {
      const parentId = strOrNull(d.parentId);
      if (parentId !== null && !model.nodes.has(local(parentId))) return false;
      addNode(
        model,
        {
          id: id('nodeId'),
          tabId: id('tabId'),
          parentId: parentId === null ? null : local(parentId),
          type: d.nodeType as BqNodeType,
          fields: d.fields as Partial<BqFields>,
        },
        Number(d.order),
      );
      return true;
    }
    case 'BqNodesImported': {
      for (const node of d.nodes as { nodeId: string; parentId: string | null; nodeType: BqNodeType; fields: Partial<BqFields> }[]) {
        if (node.parentId !== null && !model.nodes.has(local(node.parentId))) return false;
        addNode(model, {
          id: local(node.nodeId),
          tabId: id('tabId'),
          parentId: node.parentId === null ? null : local(node.parentId),
          type: node.nodeType,
          fields: node.fields,
        });
      }
      return true;
    }
    case 'BqNodeUpdated': {
      if (!known('nodeId')) return false;
      const changes = d.changes as Partial<BqFields>;
      updateNode(model, id('nodeId'), changes);
      // A trade code prices the item from its build-up on the server (the event has the code, not the price): read again.
      return changes.buildUpCode === undefined || model.nodes.get(id('nodeId'))!.type !== 'item';
    }
    case 'BqNodeRemoved':
      return removeNode(model, id('nodeId')).length > 0;
    case 'BqNodeDuplicated': {
      if (!known('nodeId')) return false;
      const copies = (d.copies as [string, string][]).map(([from, to]) => [local(from), local(to)] as [string, string]);
      duplicateNode(model, id('nodeId'), copies, str(d.title));
      return true;
    }
    case 'BqNodeMoved':
      if (!known('nodeId')) return false;
      moveNode(model, id('nodeId'), d.direction === 'up' ? 'up' : 'down');
      return true;
    case 'BqNodeIndented':
      if (!known('nodeId') || !known('parentId')) return false;
      indentNode(model, id('nodeId'), id('parentId'));
      return true;
    case 'BqNodeOutdented':
      if (!known('nodeId')) return false;
      outdentNode(model, id('nodeId'));
      return true;
    case 'BqHeaderPromoted':
      if (!known('nodeId')) return false;
      promoteNode(model, id('nodeId'));
      return true;
    case 'BqHeaderDemoted':
      if (!known('nodeId')) return false;
      demoteNode(model, id('nodeId'));
      return true;
    case 'BqBuildUpSaved':
    case 'BqBuildUpRemoved':
      // Every item of the trade code is priced again on the server: read again.
      return false;
    default:
      return true;
  }
}

/** Rows of one paste in parts of at most `size` rows, cut between top-level rows (the api takes bodies of at most 100 KB). */
export function importParts<T extends { level: number }>(rows: readonly T[], size = 400): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  for (const row of rows) {
    if (row.level === 1 && current.length >= size) {
      parts.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
