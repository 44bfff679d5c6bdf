// The Excel / scan import's way into the BQ (bq-book.adapter.ts): a tab's rows cut into import events of at
// most N rows, each part under the header it continues, give the same tree as the rows say (property test
// over random trees and part sizes, through the real decider and fold); rows that skip a level or sit
// under an item are refused by row before anything is decided.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { BqImportRow } from '@binaan/contracts';
import { importParts, planTab } from './bq-book.adapter.js';
import { decideBq } from './bq.decider.js';
import { applyBqEvent, emptyBq, flatNodes } from './bq-tree.js';
import { treeRows } from './import-export/bq-tree-rows.js';

const AT = '2026-05-01T00:00:00.000Z';

/** A random tab: each row at most one level below the one above it, only headers with rows under them. */
const rowsArb: fc.Arbitrary<BqImportRow[]> = fc
  .array(fc.record({ down: fc.integer({ min: -4, max: 1 }), q: fc.nat(99_999), r: fc.nat(999_999) }), { minLength: 1, maxLength: 60 })
  .map((steps) => {
    const rows: BqImportRow[] = [];
    steps.forEach(({ down, q, r }, i) => {
      const above = rows[i - 1];
      const level = above ? Math.max(1, Math.min(above.level + down, above.level + 1)) : 1;
      if (above && level > above.level) Object.assign(above, { type: 'header', unit: null, quantity: null, rate: null });
      rows.push({
        level,
        type: 'item',
        title: `R${i}`,
        description: `Row ${i}`,
        unit: 'm2',
        quantity: (q / 1000).toFixed(3),
        rate: (r / 100).toFixed(2),
      });
    });
    return rows;
  });

describe('BQ import in parts', () => {
  it('parts of at most N rows, each under the header it continues, give the tree the rows describe', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 8 }), (rows, maxRows) => {
        const state = emptyBq('p', 'c');
        for (const event of decideBq(state, { type: 'addTab', tabId: 'tab1', name: 'Substructure' }, { newId: () => 'unused' }))
          applyBqEvent(state, event, state.revision + 1, AT);
        const plan = planTab({ name: ' Substructure ', rows }, 0, maxRows);
        expect(plan.name).toBe('Substructure');
        for (const part of plan.parts) {
          expect(part.nodes.length).toBeLessThanOrEqual(maxRows);
          for (const event of decideBq(
            state,
            { type: 'import', tabId: 'tab1', parentId: part.parentId, nodes: part.nodes },
            { newId: () => 'unused' },
          ))
            applyBqEvent(state, event, state.revision + 1, AT);
        }
        expect(state.nodes.size).toBe(rows.length);
        expect(treeRows(flatNodes(state, 'tab1'))).toEqual(rows);
        // A part is cut only when full or where a row climbs above its first level.
        const parts = importParts(rows, maxRows);
        for (const [i, part] of parts.entries()) {
          const next = parts[i + 1];
          if (next) expect(part.end - part.start === maxRows || rows[next.start]!.level < rows[part.start]!.level).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses rows that skip a level or sit under an item, by the tab and row, before deciding anything', () => {
    const row = (level: number, type: 'header' | 'item'): BqImportRow => ({
      level,
      type,
      title: 'T',
      description: null,
      unit: null,
      quantity: null,
      rate: null,
    });
    const refused = (rows: BqImportRow[]) => {
      try {
        planTab({ name: 'A', rows }, 1, 2);
      } catch (error) {
        if (error instanceof Refused) return [error.getStatus(), error.code, error.fields];
        throw error;
      }
      return null;
    };
    expect(refused([row(1, 'header'), row(3, 'item')])).toEqual([422, 'bqImportInvalid', { 'tabs[1].rows[1].level': ['bqImportInvalid'] }]);
    expect(refused([row(1, 'item'), row(2, 'item')])).toEqual([422, 'bqImportInvalid', { 'tabs[1].rows[1].level': ['bqParentNotHeader'] }]);
    // A problem in a later part is named by its row in the tab, not in the part.
    expect(refused([row(1, 'header'), row(2, 'item'), row(2, 'item'), { ...row(2, 'item'), quantity: 'many' }])).toEqual([
      422,
      'bqImportInvalid',
      { 'tabs[1].rows[3].quantity': ['must be a decimal string from 0 with at most 3 places'] },
    ]);
  });
});
