// The editor's tree (spec §4.9): the operations as the api does them, orders 0..n-1 under each parent,
// amounts rolled up exactly (sen) to headers, tabs and the BQ; a recorded event from the api folds into
// the same tree; rows shown depth first without those under a collapsed header.
import { describe, expect, it } from 'vitest';
import type { BqNode } from '@binaan/contracts';
import {
  addNode,
  addTab,
  canonicalMoney,
  canonicalQuantity,
  emptyModel,
  flatNodes,
  formatSen,
  fromServerView,
  headersWithChildren,
  itemAmount,
  refusal,
  visibleRows,
  type BqModel,
} from './bq-model.js';
import { applyChange, applyOp } from './bq-ops.js';

function sample(): BqModel {
  const model = emptyModel();
  addTab(model, 't1', 'Substructure');
  addNode(model, { id: 'h', tabId: 't1', parentId: null, type: 'header', fields: { title: 'Excavation' } });
  addNode(model, { id: 'a', tabId: 't1', parentId: 'h', type: 'item', fields: { title: 'Trench', quantity: '10.000', rate: '2.50' } });
  addNode(model, { id: 'b', tabId: 't1', parentId: 'h', type: 'item', fields: { title: 'Pit', quantity: '3.000', rate: '100.00' } });
  addNode(model, { id: 'c', tabId: 't1', parentId: null, type: 'item', fields: { title: 'Hoarding', quantity: '1.000', rate: '0.05' } });
  return model;
}
const shown = (model: BqModel, collapsed = new Set<string>()) =>
  visibleRows(model, 't1', collapsed).map((r) => `${r.number} ${r.node.title} ${formatSen(r.node.amount)}`);

describe('decimals', () => {
  it('canonical forms as the api keeps them, and exact amounts rounded half up to the sen', () => {
    expect([
      canonicalQuantity('2.5'),
      canonicalQuantity('1,200'),
      canonicalQuantity(''),
      canonicalQuantity('2.5555'),
      canonicalQuantity('-1'),
    ]).toEqual(['2.500', '1200.000', null, undefined, undefined]);
    expect([canonicalMoney('3'), canonicalMoney('RM 1,234.5'), canonicalMoney('1.234')]).toEqual(['3.00', '1234.50', undefined]);
    expect(formatSen(itemAmount({ quantity: '0.333', rate: '0.15' }))).toBe('0.05'); // 0.04995 -> 0.05
    expect(formatSen(itemAmount({ quantity: '1000000.000', rate: '0.01' }))).toBe('10000.00');
    expect(itemAmount({ quantity: null, rate: '3.00' })).toBe(0n);
  });
});

describe('the ten operations', () => {
  it('amounts roll up to the header, the tab and the BQ', () => {
    const model = sample();
    expect(shown(model)).toEqual(['1 Excavation 325.00', '1.1 Trench 25.00', '1.2 Pit 300.00', '2 Hoarding 0.05']);
    expect([formatSen(model.tabs.get('t1')!.amount), formatSen(model.amount)]).toEqual(['325.05', '325.05']);
    applyOp(model, { kind: 'update', id: 'a', tabId: 't1', fields: { quantity: '20.500' } });
    expect(shown(model)[0]).toBe('1 Excavation 351.25');
    expect(formatSen(model.amount)).toBe('351.30');
  });

  it('move swaps with the neighbour; indent goes under the previous sibling (a header), outdent after the former parent', () => {
    const model = sample();
    expect(applyOp(model, { kind: 'move', id: 'b', tabId: 't1', direction: 'up' })).toBe(true);
    expect(shown(model).map((r) => r.split(' ')[1])).toEqual(['Excavation', 'Pit', 'Trench', 'Hoarding']);
    expect(refusal(model, 'moveUp', 'b')).toBe('bqCannotMove');
    expect(refusal(model, 'indent', 'a')).toBe('bqParentNotHeader'); // the row above is an item
    expect(applyOp(model, { kind: 'indent', id: 'a', tabId: 't1' })).toBe(false);
    expect(applyOp(model, { kind: 'indent', id: 'c', tabId: 't1' })).toBe(true);
    expect(shown(model)).toEqual(['1 Excavation 325.05', '1.1 Pit 300.00', '1.2 Trench 25.00', '1.3 Hoarding 0.05']);
    expect(applyOp(model, { kind: 'outdent', id: 'b', tabId: 't1' })).toBe(true);
    expect(shown(model)).toEqual(['1 Excavation 25.05', '1.1 Trench 25.00', '1.2 Hoarding 0.05', '2 Pit 300.00']);
    expect(formatSen(model.amount)).toBe('325.05');
  });

  it('duplicate copies the subtree below the original ("Copy of"); delete removes the descendants', () => {
    const model = sample();
    applyOp(model, {
      kind: 'duplicate',
      id: 'h',
      tabId: 't1',
      copies: [
        ['h', '-1'],
        ['a', '-2'],
        ['b', '-3'],
      ],
    });
    expect(shown(model)).toEqual([
      '1 Excavation 325.00',
      '1.1 Trench 25.00',
      '1.2 Pit 300.00',
      '2 Copy of Excavation 325.00',
      '2.1 Trench 25.00',
      '2.2 Pit 300.00',
      '3 Hoarding 0.05',
    ]);
    applyOp(model, { kind: 'delete', id: 'h', tabId: 't1' });
    expect(shown(model)).toEqual(['1 Copy of Excavation 325.00', '1.1 Trench 25.00', '1.2 Pit 300.00', '2 Hoarding 0.05']);
    expect([model.nodes.size, formatSen(model.amount)]).toEqual([4, '325.05']);
  });

  it('promote clears the price; demote only a header without rows', () => {
    const model = sample();
    expect(refusal(model, 'demote', 'h')).toBe('bqHeaderHasChildren');
    applyOp(model, { kind: 'promote', id: 'c', tabId: 't1' });
    expect(model.nodes.get('c')).toMatchObject({ type: 'header', quantity: null, rate: null, amount: 0n });
    expect(formatSen(model.amount)).toBe('325.00');
    applyOp(model, { kind: 'demote', id: 'c', tabId: 't1' });
    expect(model.nodes.get('c')!.type).toBe('item');
  });

  it('collapse hides the rows under a header; collapse all names every header with rows', () => {
    const model = sample();
    expect(headersWithChildren(model, 't1')).toEqual(['h']);
    expect(shown(model, new Set(['h']))).toEqual(['1 Excavation 325.00', '2 Hoarding 0.05']);
  });

  it('rows made before any tab go into the first tab', () => {
    const model = emptyModel();
    addNode(model, { id: '-1', tabId: null, parentId: null, type: 'item', fields: { title: 'x', quantity: '1.000', rate: '1.00' } });
    addTab(model, 't1', 'Preliminaries');
    expect(visibleRows(model, 't1', new Set()).map((r) => r.id)).toEqual(['-1']);
    expect(formatSen(model.tabs.get('t1')!.amount)).toBe('1.00');
  });
});

describe('the api view and its events', () => {
  it('a view read back gives the same tree; events fold as the api folds them, ids through the lookup', () => {
    const model = sample();
    const view = { tabs: [{ id: 't1', name: 'Substructure', order: 0, amount: '325.05' }], nodes: flatNodes(model) };
    const again = fromServerView(view);
    expect(flatNodes(again)).toEqual(view.nodes);
    const local = (id: string) => (id === 'server-h' ? 'h' : id);
    const node: Partial<BqNode> = {
      title: 'Backfill',
      description: null,
      unit: 'm3',
      quantity: '2.000',
      rate: '10.00',
      buildUpCode: null,
      buildUpRate: null,
      buildUpProfitAmount: null,
    };
    expect(
      applyChange(
        again,
        {
          revision: 9,
          type: 'BqNodeAdded',
          data: { tabId: 't1', order: 0, nodeId: 'n9', parentId: 'server-h', nodeType: 'item', fields: node },
          at: '',
          userId: null,
        },
        local,
      ),
    ).toBe(true);
    expect(shown(again)[0]).toBe('1 Excavation 345.00');
    expect(shown(again)[1]).toBe('1.1 Backfill 20.00');
    expect(
      applyChange(
        again,
        { revision: 10, type: 'BqNodeIndented', data: { tabId: 't1', nodeId: 'c', parentId: 'server-h' }, at: '', userId: null },
        local,
      ),
    ).toBe(true);
    expect(shown(again).at(-1)).toBe('1.4 Hoarding 0.05');
    expect(
      applyChange(
        again,
        { revision: 11, type: 'BqNodeUpdated', data: { tabId: 't1', nodeId: 'gone', changes: {} }, at: '', userId: null },
        local,
      ),
    ).toBe(false);
  });
});

describe('pasting in parts', () => {
  it('cuts between top-level rows, a subtree kept whole', async () => {
    const { importParts } = await import('./bq-ops.js');
    const rows = [1, 2, 2, 1, 2, 1, 1].map((level) => ({ level }));
    expect(importParts(rows, 2).map((part) => part.map((r) => r.level).join(''))).toEqual(['122', '12', '11']);
  });
});
