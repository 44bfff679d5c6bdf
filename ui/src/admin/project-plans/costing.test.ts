import { describe, expect, it } from 'vitest';
import type { BqNode } from '@binaan/contracts';
import { buildUpSums, costingOf, formatSen, times } from './costing.js';

const node = (id: string, parentId: string | null, type: 'header' | 'item', fields: Partial<BqNode> = {}): BqNode => ({
  id,
  tabId: 't1',
  parentId,
  order: 0,
  type,
  title: id,
  description: null,
  unit: null,
  quantity: null,
  rate: null,
  amount: '0.00',
  buildUpCode: null,
  buildUpRate: null,
  buildUpProfitAmount: null,
  ...fields,
});

describe('tender costing', () => {
  it('an item priced by a build-up: cost = quantity x build-up rate, profit = price - cost; headers and tabs sum them', () => {
    const costing = costingOf({
      amount: '1564.00',
      tabs: [{ id: 't1', name: 'Substructure', order: 0, amount: '1564.00' }],
      buildUps: [],
      nodes: [
        node('h', null, 'header', { amount: '1564.00' }),
        node('trench', 'h', 'item', {
          quantity: '3.000',
          rate: '264.00',
          amount: '792.00',
          buildUpCode: 'EXC',
          buildUpRate: '240.00',
          buildUpProfitAmount: '24.00',
        }),
        node('typed', 'h', 'item', { quantity: '2.000', rate: '386.00', amount: '772.00' }),
      ],
    });
    const [h, trench, typed] = costing.tabs[0]!.rows;
    expect([trench!.cost, trench!.profit, trench!.price]).toEqual([72000n, 7200n, 79200n]);
    expect([typed!.cost, typed!.profit, typed!.price]).toEqual([null, null, 77200n]);
    expect([h!.depth, h!.cost, h!.profit, h!.price]).toEqual([0, 72000n, 7200n, 156400n]);
    expect([costing.cost, costing.profit, costing.price].map(formatSen)).toEqual(['720.00', '72.00', '1564.00']);
  });

  it("quantities x rates round half up to the sen; a build-up's lines sum per category", () => {
    expect(times('0.125', 1n)).toBe(0n);
    expect(times('0.500', 1n)).toBe(1n);
    expect(times('2.5', 1999n)).toBe(4998n);
    expect(
      buildUpSums({
        code: 'X',
        description: '',
        totalSub: null,
        profitPercent: '10',
        lines: [
          { category: 'labour', quantity: '2', rate: '120' },
          { category: 'plant', quantity: '0.5', rate: '80.50' },
        ],
      }),
    ).toEqual({ labour: 24000n, material: 0n, plant: 4025n });
  });
});
