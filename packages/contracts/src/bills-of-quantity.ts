// Bills of quantity (spec §4.9 tree table, §3 tree-table node and price item, §5.3 BQ rules).
// What the api, the ui editor and the Excel / OCR import share. Money and quantities are decimal strings
// as in the documents ("1234.50" money with at most 2 places, "2.125" quantities with at most 3); an
// empty field is null.
import { WorkflowStatuses, type WorkflowStatus } from './workflow-resources.js';

/** A node of a BQ tab's tree is a header (groups, amount = sum of its children) or an item (priced line). */
export const BqNodeTypes = ['header', 'item'] as const;
export type BqNodeType = (typeof BqNodeTypes)[number];

/**
 * One row of a BQ tab's tree (spec §3 tree-table node `data`). `parentId` null: at the top of the tab.
 * `order` is 0..n-1 among the children of one parent (renumbered after every change, §4.9).
 * `amount` is computed: quantity x rate for an item (rounded half up to the sen), the sum of its
 * children for a header. The build-up fields are the price item's (§3 "price item in tab selection").
 */
export type BqNode = {
  id: string;
  tabId: string;
  parentId: string | null;
  order: number;
  type: BqNodeType;
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
  amount: string;
  buildUpCode: string | null;
  buildUpRate: string | null;
  buildUpProfitAmount: string | null;
};

/** The fields a client may set on a node (add / update); the rest is the server's. */
export type BqNodeFields = Partial<
  Pick<BqNode, 'title' | 'description' | 'unit' | 'quantity' | 'rate' | 'buildUpCode' | 'buildUpRate' | 'buildUpProfitAmount'>
>;

/** A BQ tab (e.g. preliminaries, substructure): a tree of nodes; `amount` is the sum of its top nodes. */
export type BqTab = { id: string; name: string; order: number; amount: string };

/**
 * One row of a flat import (Excel, OCR scan) before it becomes nodes: `level` 1 is the top of the tab,
 * a row's parent is the nearest row above it with level - 1 (which must be a header). Fields as in BqNode.
 */
export type BqImportRow = {
  level: number;
  type: BqNodeType;
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
};

/** A tab of an import or export: its name and its rows in tree order (depth first). */
export type BqImportTab = { name: string; rows: BqImportRow[] };

/** Statuses of a BQ's approval (spec §2.6 targets /bill-of-quantity/{projectId}/{pending-approval, rejected, active}). */
export const BqStatuses = WorkflowStatuses.billOfQuantity;
export type BqStatus = WorkflowStatus<'billOfQuantity'>;

/** Error codes of the bills of quantity (`error.<code>` in the ui, en, ms and zh). */
export const BqErrorCodes = {
  bqNotFound: 'bqNotFound',
  bqTabNotFound: 'bqTabNotFound',
  bqNodeNotFound: 'bqNodeNotFound',
  /** Spec §4.9: adding a row when the BQ has no tab ("Please create at least one tab first"). */
  bqTabRequired: 'bqTabRequired',
  bqTabNameRequired: 'bqTabNameRequired',
  bqTabNameTaken: 'bqTabNameTaken',
  bqNotEditable: 'bqNotEditable',
  bqParentNotHeader: 'bqParentNotHeader',
  bqHeaderNotPriced: 'bqHeaderNotPriced',
  bqHeaderHasChildren: 'bqHeaderHasChildren',
  bqAlreadyHeader: 'bqAlreadyHeader',
  bqAlreadyItem: 'bqAlreadyItem',
  bqCannotMove: 'bqCannotMove',
  bqCannotIndent: 'bqCannotIndent',
  bqCannotOutdent: 'bqCannotOutdent',
  bqImportInvalid: 'bqImportInvalid',
  bqTooManyRows: 'bqTooManyRows',
  /** Spec §5.3: description, unit and quantity complete before the BQ is sent for approval. */
  bqItemIncomplete: 'bqItemIncomplete',
  bqNoItems: 'bqNoItems',
  /** Spec §5.3: a total-sub build-up needs its trade code and description first. */
  totalSubNeedsTradeCode: 'totalSubNeedsTradeCode',
  /** Spec §5.3: trade code unique within a budget. */
  tradeCodeTaken: 'tradeCodeTaken',
  /** Spec §8.3: "trade code of rate edited is not total sub". */
  tradeCodeOfRateEditedNotTotalSub: 'tradeCodeOfRateEditedNotTotalSub',
  unknownTradeCode: 'unknownTradeCode',
  /** A build-up's profit parameter: not one of the company's (404), or newly picked while inactive (422). */
  profitParameterNotFound: 'profitParameterNotFound',
  profitParameterInactive: 'profitParameterInactive',
  revisionRequired: 'revisionRequired',
} as const;

export type BqErrorCode = keyof typeof BqErrorCodes;

/** The operations of the tree table (spec §4.9) the server takes, at POST /api/bq-item/<operation>. */
export const BqItemOperations = [
  'add',
  'update',
  'delete',
  'duplicate',
  'move',
  'indent',
  'outdent',
  'promote-header',
  'demote-header',
] as const;
export type BqItemOperation = (typeof BqItemOperations)[number];

/** What a change (a tab or a row) answers: the BQ's revision after it and the rows it touched. */
export type BqChangeReply = {
  success: true;
  revision: number;
  /** The new node's id (add, duplicate) or the tab's (tab add). */
  id?: string;
  /** Duplicate and import: the new nodes' ids, [copied from or row index, new id], depth first. */
  created?: [string, string][];
  /** The nodes acted on as they are now, with the headers above them (their rolled-up amounts). */
  nodes: BqNode[];
  /** Ids removed (delete with descendants, tab delete). */
  removed: string[];
  tabs: BqTab[];
  amount: string;
};
