// The events of a bill of quantity's stream `billOfQuantity-<projectId>` (one BQ per project). Each is a
// fact the fold (bq-tree.ts) applies without deciding anything: ids of new nodes, the parent a node moves
// to and the copies a duplicate makes are all in the event, so replaying the stream rebuilds the same tree.
import type { BqNodeType, WorkflowStatusChanged } from '@binaan/contracts';

/** The editable fields of a node as recorded (canonical decimal strings; null = empty). */
export type BqFieldValues = {
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
  buildUpCode: string | null;
  buildUpRate: string | null;
  buildUpProfitAmount: string | null;
};

export type BqFieldChanges = Partial<BqFieldValues>;

/** A node created with the tree it sits in: what an add records, and each node of an import. */
export type BqNewNode = { nodeId: string; parentId: string | null; nodeType: BqNodeType; fields: BqFieldValues };

/** A build-up (price of a trade code): labour, material and plant lines, or a total sub (a subcontract's lump rate). */
export type BqBuildUpLine = {
  category: 'labour' | 'material' | 'plant';
  description: string;
  unit: string | null;
  quantity: string;
  rate: string;
};
/** A company profit parameter (company setups) a build-up names, as it stood when the build-up was saved. */
export type BqProfitParameter = { id: string; code: string; description: string };
/** `profitParameter` is absent in build-ups saved before a build-up could name one (read as none). */
export type BqBuildUp = {
  code: string;
  description: string;
  totalSub: string | null;
  lines: BqBuildUpLine[];
  profitPercent: string;
  profitParameter?: BqProfitParameter | null;
};

export type BqEvent =
  | { type: 'BqStarted'; data: { projectId: string; companyId: string } }
  | { type: 'WorkflowStatusChanged'; data: WorkflowStatusChanged<'billOfQuantity'> }
  | { type: 'BqTabAdded'; data: { tabId: string; name: string; order: number } }
  | { type: 'BqTabRenamed'; data: { tabId: string; name: string } }
  | { type: 'BqTabMoved'; data: { tabId: string; order: number } }
  | { type: 'BqTabRemoved'; data: { tabId: string; nodesRemoved: number } }
  | { type: 'BqNodeAdded'; data: { tabId: string; order: number } & BqNewNode }
  | { type: 'BqNodesImported'; data: { tabId: string; parentId: string | null; nodes: BqNewNode[] } }
  | { type: 'BqNodeUpdated'; data: { tabId: string; nodeId: string; changes: BqFieldChanges } }
  | { type: 'BqNodeRemoved'; data: { tabId: string; nodeId: string; nodesRemoved: number } }
  | { type: 'BqNodeDuplicated'; data: { tabId: string; nodeId: string; title: string; copies: [from: string, to: string][] } }
  | { type: 'BqNodeMoved'; data: { tabId: string; nodeId: string; direction: 'up' | 'down'; swappedWith: string } }
  | { type: 'BqNodeIndented'; data: { tabId: string; nodeId: string; parentId: string } }
  | { type: 'BqNodeOutdented'; data: { tabId: string; nodeId: string; parentId: string | null } }
  | { type: 'BqHeaderPromoted'; data: { tabId: string; nodeId: string; cleared: BqFieldChanges } }
  | { type: 'BqHeaderDemoted'; data: { tabId: string; nodeId: string } }
  | { type: 'BqBuildUpSaved'; data: BqBuildUp & { erasedLines: number } }
  | { type: 'BqBuildUpRemoved'; data: { code: string } };

export type BqEventType = BqEvent['type'];

export const BQ_STREAM_TYPE = 'billOfQuantity';
export const bqStreamId = (projectId: string): string => `billOfQuantity-${projectId}`;
