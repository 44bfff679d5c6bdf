// BQ_BOOK (import-export/bq-book.port.ts) over this module: the Excel export reads the BQ through
// BqQueries.view, the Excel and scan imports write through BqCommands.change, so they meet the same
// rights, levels, editability and per-node freshness as the editor. Each imported tab is an `addTab` when
// no tab has its name (regardless of case), then `import` events of at most IMPORT_PART_ROWS rows: a larger
// tab goes in parts, each part a run of rows under one header (the row above the part, imported by an
// earlier part) or at the top of the tab. Every part is checked (importNodes) before the first is
// written, so rows the BQ refuses leave it as it was; its refusals reach the caller as they are.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { BqImportRow, BqImportTab } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import { refusal, Refused } from '../common/refusal.js';
import { BqCommands } from './bq-commands.service.js';
import { importNodes, MAX_IMPORT_ROWS } from './bq-input.js';
import { BqQueries } from './bq-queries.js';
import type { BqNewNode } from './bq.events.js';
import type { BqAppendResult, BqBook, BqImportOrigin } from './import-export/bq-book.port.js';
import { treeRows } from './import-export/bq-tree-rows.js';

/**
 * Rows in one import event at most. Below the core's MAX_IMPORT_ROWS (20,000): an event is also a line
 * of the live stream and of /changes that every open editor applies, so about 1 MB (5,000 rows) at a time.
 */
export const IMPORT_PART_ROWS = Math.min(5000, MAX_IMPORT_ROWS);

export type ImportPart = {
  /** The part's rows are rows[start, end) of the tab. */
  start: number;
  end: number;
  /** The index of the header the part's first row sits under (imported earlier), or null: the top of the tab. */
  parentIndex: number | null;
  /** The part's rows, levels counted from its parent (1 = its parent's rows). */
  rows: BqImportRow[];
};

/**
 * A tab's rows (tree order, level 1 the top) cut into parts of at most `maxRows`: a part ends where it is
 * full or where a row climbs above the part's first level (its parent is then another header). Levels
 * that skip one, or rows under an item, are refused as importNodes refuses them (422 bqImportInvalid).
 */
export function importParts(rows: readonly BqImportRow[], maxRows: number): ImportPart[] {
  const parents: (number | null)[] = [];
  const open: number[] = [];
  const problems: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    const level = row.level;
    if (!Number.isInteger(level) || level < 1 || level > open.length + 1) {
      problems[`rows[${index}].level`] = ['bqImportInvalid'];
      parents.push(null);
      return;
    }
    const parent = level === 1 ? null : open[level - 2]!;
    if (parent !== null && rows[parent]!.type !== 'header') problems[`rows[${index}].level`] = ['bqParentNotHeader'];
    parents.push(parent);
    open.length = level - 1;
    open.push(index);
  });
  if (Object.keys(problems).length > 0)
    throw refusal(422, 'bqImportInvalid', `${Object.keys(problems).length} problems in the rows: nothing was imported.`, {
      fields: problems,
    });
  const parts: ImportPart[] = [];
  for (let start = 0; start < rows.length;) {
    const base = rows[start]!.level;
    let end = start + 1;
    while (end < rows.length && end - start < maxRows && rows[end]!.level >= base) end++;
    parts.push({
      start,
      end,
      parentIndex: parents[start]!,
      rows: rows.slice(start, end).map((row) => ({ ...row, level: row.level - base + 1 })),
    });
    start = end;
  }
  return parts;
}

export type TabPlan = { name: string; parts: { parentId: string | null; nodes: BqNewNode[] }[] };

@Injectable()
export class BqBookAdapter implements BqBook {
  constructor(
    private readonly queries: BqQueries,
    private readonly commands: BqCommands,
  ) {}

  async read(principal: Principal, projectId: string): Promise<BqImportTab[]> {
    // A project without a BQ reads as revision -1 with no tabs (not a 404): its export is the Summary only.
    const view = await this.queries.view(principal, projectId, {});
    return [...view.tabs]
      .sort((a, b) => a.order - b.order)
      .map((tab) => ({ name: tab.name, rows: treeRows(view.nodes.filter((node) => node.tabId === tab.id)) }));
  }

  async append(principal: Principal, projectId: string, tabs: readonly BqImportTab[], _origin: BqImportOrigin): Promise<BqAppendResult> {
    const view = await this.queries.view(principal, projectId, {});
    const plans = tabs.map((tab, t) => planTab(tab, t));
    const tabIds = new Map(view.tabs.map((tab) => [key(tab.name), tab.id]));
    // Before the first tab the BQ has no revision: the first change (an addTab) starts it.
    let revision: number | null = view.revision < 0 ? null : view.revision;
    let written = false;
    for (const { name, parts } of plans) {
      let tabId = tabIds.get(key(name));
      if (tabId === undefined) {
        const added = await this.commands.change(principal, projectId, { type: 'addTab', tabId: randomUUID(), name }, revision);
        tabId = added.id!;
        tabIds.set(key(name), tabId);
        revision = added.revision;
        written = true;
      }
      for (const { parentId, nodes } of parts) {
        revision = (await this.commands.change(principal, projectId, { type: 'import', tabId, parentId, nodes }, revision)).revision;
        written = true;
      }
    }
    return { written, revision: written ? revision : null };
  }
}

/**
 * A tab's rows as the nodes of its import commands, part by part, with the ids given up front (a part names
 * an earlier part's header as its parent). Refusals name the row as tabs[t].rows[i].<field>.
 */
export function planTab(tab: BqImportTab, t: number, maxRows = IMPORT_PART_ROWS): TabPlan {
  try {
    const ids = tab.rows.map(() => randomUUID());
    const parts = importParts(tab.rows, maxRows).map((part) => {
      let next = part.start;
      const parentId = part.parentIndex === null ? null : ids[part.parentIndex]!;
      try {
        return { parentId, nodes: importNodes(part.rows, parentId, () => ids[next++]!) };
      } catch (error) {
        // The part's row k is the tab's row start + k.
        if (error instanceof Refused && error.fields) {
          throw refusal(error.getStatus(), error.code, error.message, {
            fields: Object.fromEntries(
              Object.entries(error.fields).map(([field, codes]) => [
                field.replace(/^rows\[(\d+)\]/, (_, k: string) => `rows[${part.start + Number(k)}]`),
                codes,
              ]),
            ),
          });
        }
        throw error;
      }
    });
    return { name: tab.name.trim(), parts };
  } catch (error) {
    if (error instanceof Refused && error.fields) {
      throw refusal(error.getStatus(), error.code, error.message, {
        fields: Object.fromEntries(Object.entries(error.fields).map(([field, codes]) => [`tabs[${t}].${field}`, codes])),
      });
    }
    throw error;
  }
}

const key = (name: string) => name.trim().toLowerCase();
