// The addendum's pure part: the body's shape, the line changes and where each new line comes from.
import { describe, expect, it } from '@jest/globals';
import type { DocumentLineItem } from '@binaan/contracts';
import { applyLineChanges, parseAddendum } from './tender-addendum.js';

const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'accepted';
};
const line = (lineNo: number, description: string, quantity: string): DocumentLineItem => ({
  lineNo,
  description,
  unit: 'no',
  quantity,
  rate: '10.00',
  amount: '0.00',
  includeZeroRate: false,
});

describe('tender addenda', () => {
  it('parses a note with line changes and times; refuses unknown fields, repeated lines and a missing note', () => {
    expect(
      parseAddendum({
        note: ' Caps ',
        items: { change: [{ lineNo: 2, quantity: '14' }], remove: [1], add: [{ description: 'Cut-off', unit: 'no', quantity: '40' }] },
        closeAt: '2026-03-05T01:00:00.000Z',
      }),
    ).toEqual({
      note: 'Caps',
      change: [{ lineNo: 2, quantity: '14' }],
      remove: [1],
      add: [{ description: 'Cut-off', unit: 'no', quantity: '40', rate: '0', includeZeroRate: true }],
      closeAt: '2026-03-05T01:00:00.000Z',
    });
    expect(code(() => parseAddendum({ items: { remove: [1] } }))).toBe('validationFailed');
    expect(code(() => parseAddendum({ note: 'x', budget: 1 }))).toBe('validationFailed');
    expect(code(() => parseAddendum({ note: 'x', items: { change: [{ lineNo: 1 }], remove: [1] } }))).toBe('validationFailed');
    expect(code(() => parseAddendum({ note: 'x', items: { change: [{ lineNo: 1, rate: '1', discount: '2' }] } }))).toBe('validationFailed');
    expect(code(() => parseAddendum({ note: 'x', closeAt: 'soon' }))).toBe('validationFailed');
  });

  it("keeps, changes, removes and adds lines in order; a line that is not the tender's is 422", () => {
    const items = [line(1, 'Piles', '1800.000'), line(2, 'Caps', '12.000'), line(3, 'Tests', '2.000')];
    const { raw, origins } = applyLineChanges(items, {
      note: 'x',
      change: [{ lineNo: 3, quantity: '3' }],
      remove: [1],
      add: [{ description: 'Cut-off', unit: 'no', quantity: '40', rate: '0', includeZeroRate: true }],
    });
    expect(raw.map((r) => [r.description, r.quantity])).toEqual([
      ['Caps', '12.000'],
      ['Tests', '3'],
      ['Cut-off', '40'],
    ]);
    expect(origins).toEqual([{ kind: 'kept', from: 2 }, { kind: 'changed', from: 3 }, { kind: 'added' }]);
    expect(code(() => applyLineChanges(items, { note: 'x', change: [], remove: [4], add: [] }))).toBe('addendumLineNotFound');
  });
});
