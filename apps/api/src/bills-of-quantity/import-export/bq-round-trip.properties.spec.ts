// Round trip: importing an exported BQ with the mapping the preview proposes gives back the same tabs and
// rows (levels, types, texts, quantities, rates), for random trees (fast-check), deep ones included
// (deeper than Excel's 8 outline levels: the Level column carries them).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { BqImportRow, BqImportTab, BqNode } from '@binaan/contracts';
import { importWorkbook, previewWorkbook, proposedMapping } from './bq-workbook-reader.js';
import { writeBqWorkbook } from './bq-workbook-writer.js';
import { treeRows } from './bq-tree-rows.js';

const HEADING = { projectName: 'Menara Teguh, Block A', projectCode: 'TB-MT-A', companyName: 'Teguh Bina Sdn Bhd' };

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,()&%/-]{0,30}[A-Za-z0-9.)]$|^[A-Za-z0-9]$/);
const text = fc.oneof(
  word,
  fc.constantFrom('Excavate to reduce levels; cart away', 'Konkrit gred 30 (1:1.5:3)', '混凝土 C30 基础', 'Line one\nline two'),
);
const quantity = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: 0n, max: 999_999_999_999_999n }).map((t) => `${t / 1000n}.${String(t % 1000n).padStart(3, '0')}`),
);
const rate = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: -99_999_999n, max: 999_999_999_999_999n }).map((s) => {
    const a = s < 0n ? -s : s;
    return `${s < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
  }),
);

type Shape = { header: boolean; children: readonly Shape[] };
/** A forest of headers and items: only headers have children. */
const forest: fc.Arbitrary<readonly Shape[]> = fc.letrec<{ node: Shape; nodes: readonly Shape[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({ header: false, children: [] }),
    fc.record({ header: fc.constant(true), children: tie('nodes') }),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }),
})).nodes;

function rowsOf(shapes: readonly Shape[], fields: fc.Arbitrary<Omit<BqImportRow, 'level' | 'type'>>): fc.Arbitrary<BqImportRow[]> {
  const flat: { level: number; header: boolean }[] = [];
  const walk = (list: readonly Shape[], level: number) =>
    list.forEach((s) => {
      flat.push({ level, header: s.header });
      walk(s.children, level + 1);
    });
  walk(shapes, 1);
  return fc.tuple(...flat.map(() => fields)).map((values) =>
    flat.map((f, i) => ({
      level: f.level,
      type: f.header ? ('header' as const) : ('item' as const),
      ...values[i]!,
      ...(f.header ? { unit: null, quantity: null, rate: null } : {}),
    })),
  );
}

const fields = fc
  .record({
    title: fc.oneof(word, fc.constant('')),
    description: fc.oneof(fc.constant(null), text),
    unit: fc.oneof(fc.constant(null), fc.constantFrom('m', 'm2', 'm3', 'nr', 'kg', 'item', 'sum')),
    quantity,
    rate,
  })
  .map((f) => (f.title === '' && f.description === null ? { ...f, title: 'Untitled' } : f));
const tabs: fc.Arbitrary<BqImportTab[]> = fc
  .uniqueArray(fc.stringMatching(/^[A-Z][a-z]{2,12}( [a-z]{2,8})?$/), { minLength: 1, maxLength: 3, selector: (s) => s.toLowerCase() })
  .chain((names) => fc.tuple(...names.map((name) => forest.chain((shape) => rowsOf(shape, fields)).map((rows) => ({ name, rows })))));

async function roundTrip(given: BqImportTab[]): Promise<BqImportTab[]> {
  const bytes = await writeBqWorkbook(HEADING, given);
  const previews = await previewWorkbook(bytes);
  const outcome = await importWorkbook(bytes, proposedMapping(previews));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.tabs;
}

describe('BQ Excel round trip', () => {
  it('import(export(bq)) equals bq for random trees', async () => {
    await fc.assert(
      fc.asyncProperty(tabs, async (given) => {
        expect(await roundTrip(given)).toEqual(given);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('keeps a tree deeper than Excel outlines go (12 levels), through the Level column', async () => {
    const rows: BqImportRow[] = Array.from({ length: 12 }, (_, i) => ({
      level: i + 1,
      type: i < 11 ? 'header' : 'item',
      title: `L${i + 1}`,
      description: null,
      unit: i < 11 ? null : 'nr',
      quantity: i < 11 ? null : '3.000',
      rate: i < 11 ? null : '10.50',
    }));
    expect(await roundTrip([{ name: 'Deep', rows }])).toEqual([{ name: 'Deep', rows }]);
  });

  it('exports a tab tree given as nodes (parentId, order) in depth-first order', () => {
    const node = (id: string, parentId: string | null, order: number, type: 'header' | 'item', title: string): BqNode => ({
      id,
      tabId: 't',
      parentId,
      order,
      type,
      title,
      description: null,
      unit: null,
      quantity: null,
      rate: null,
      amount: '0.00',
      buildUpCode: null,
      buildUpRate: null,
      buildUpProfitAmount: null,
    });
    const nodes = [
      node('c', 'a', 1, 'item', 'A2'),
      node('b', 'a', 0, 'item', 'A1'),
      node('d', null, 1, 'item', 'B'),
      node('a', null, 0, 'header', 'A'),
    ];
    expect(treeRows(nodes).map((r) => [r.level, r.title])).toEqual([
      [1, 'A'],
      [2, 'A1'],
      [2, 'A2'],
      [1, 'B'],
    ]);
  });
});
