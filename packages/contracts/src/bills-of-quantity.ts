// Bills of quantity (issue 17; spec §4.9 tree table, §3 tree-table node and price item, §5.3 BQ rules).
// What the api, the ui editor and the Excel / OCR import share. Money and quantities are decimal strings
// as in the documents ("1234.50" money with at most 2 places, "2.125" quantities with at most 3); an
// empty field is null.

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
export const BqStatuses = ['new', 'pendingApproval', 'active', 'rejected'] as const;
export type BqStatus = (typeof BqStatuses)[number];
