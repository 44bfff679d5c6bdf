// What the Excel and scan imports need from the BQ itself (apps/api/src/bills-of-quantity, the tree's own
// module): its tabs as rows for an export, and a way to add imported rows as events on the BQ's stream.
// Bound under BQ_BOOK. Until the BQ module binds it (see README.md here), UnwiredBqBook answers: an empty
// BQ to export, and an import that is checked and answered but written nowhere (`written: false`).
import { Injectable } from '@nestjs/common';
import type { BqImportTab } from '@binaan/contracts';
import type { Principal } from '../../common/principal.js';

export const BQ_BOOK = Symbol('BQ_BOOK');

export type BqImportOrigin = { kind: 'excel'; fileName: string } | { kind: 'scan'; scanId: string };

export type BqAppendResult = {
  /** False when nothing was written (no BQ module bound). */
  written: boolean;
  /** The BQ stream's revision after the append (null when not written). */
  revision: number | null;
};

export type BqBook = {
  /** The project's BQ: its tabs in order, each with its rows in tree order (depth first, level 1 at the top). */
  read(principal: Principal, projectId: string): Promise<BqImportTab[]>;
  /**
   * Adds the rows to the project's BQ in one change: a tab named like an existing one (regardless of case)
   * gets them after its last top-level node, another name makes a new tab. Refusals are HttpExceptions
   * with the BQ's own codes (no right, BQ not open for edits, ...).
   */
  append(principal: Principal, projectId: string, tabs: readonly BqImportTab[], origin: BqImportOrigin): Promise<BqAppendResult>;
};

@Injectable()
export class UnwiredBqBook implements BqBook {
  read(): Promise<BqImportTab[]> {
    return Promise.resolve([]);
  }
  append(): Promise<BqAppendResult> {
    return Promise.resolve({ written: false, revision: null });
  }
}
