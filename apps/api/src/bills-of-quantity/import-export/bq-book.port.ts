// What the Excel and scan imports need from the BQ itself (apps/api/src/bills-of-quantity, the tree's own
// module): its tabs as rows for an export, and a way to add imported rows as events on the BQ's stream.
// Bound under BQ_BOOK to BqBookAdapter (../bq-book.adapter.ts), over BqQueries.view and BqCommands.change.
import type { BqImportTab } from '@binaan/contracts';
import type { Principal } from '../../common/principal.js';

export const BQ_BOOK = Symbol('BQ_BOOK');

export type BqImportOrigin = { kind: 'excel'; fileName: string } | { kind: 'scan'; scanId: string };

export type BqAppendResult = {
  /** False when nothing was written (no rows and no new tab). */
  written: boolean;
  /** The BQ stream's revision after the append (null when not written). */
  revision: number | null;
};

export type BqBook = {
  /** The project's BQ: its tabs in order, each with its rows in tree order (depth first, level 1 at the top). */
  read(principal: Principal, projectId: string): Promise<BqImportTab[]>;
  /**
   * Adds the rows to the project's BQ: a tab named like an existing one (regardless of case) gets them
   * after its last top-level node, another name makes a new tab (an addTab, then the rows as import events,
   * a large tab in parts). All rows are checked before the first event. Refusals are HttpExceptions with
   * the BQ's own codes (no right, no level, BQ not open for edits, ...).
   */
  append(principal: Principal, projectId: string, tabs: readonly BqImportTab[], origin: BqImportOrigin): Promise<BqAppendResult>;
};
