import { describe, expect, it } from 'vitest';
import { addendumBody, localInputValue, type AddendumInputs } from './addendum-form.js';

const inputs = (over: Partial<AddendumInputs> = {}): AddendumInputs => ({
  note: ' Caps are 14 ',
  lines: [
    { lineNo: 1, description: 'Piles', unit: 'm', quantity: '1800.000', newQuantity: '1800', remove: false },
    { lineNo: 2, description: 'Caps', unit: 'no', quantity: '12.000', newQuantity: '12.000', remove: false },
  ],
  add: { description: '', unit: '', quantity: '' },
  closeAt: '',
  ...over,
});

describe('addendumBody', () => {
  it('is null when nothing changes (the same quantity written otherwise, the same close time)', () => {
    expect(addendumBody(inputs({ closeAt: localInputValue('2026-03-04T01:00:00.000Z') }), '2026-03-04T01:00:00.000Z')).toBeNull();
  });

  it('sends only the changed quantity, the removed line and the added line, with the note trimmed', () => {
    const lines = inputs().lines.map((line) => (line.lineNo === 2 ? { ...line, newQuantity: '14' } : { ...line, remove: true }));
    expect(addendumBody(inputs({ lines, add: { description: 'Cut-off', unit: '', quantity: '40' } }), null)).toEqual({
      note: 'Caps are 14',
      items: { add: [{ description: 'Cut-off', unit: 'no', quantity: '40' }], change: [{ lineNo: 2, quantity: '14' }], remove: [1] },
    });
  });

  it('a close time with seconds, left as the input shows it (minutes), is not a new close time', () => {
    const current = '2026-03-04T01:00:37.512Z';
    expect(
      addendumBody(
        inputs({
          closeAt: localInputValue(current),
          lines: inputs().lines.map((l) => ({ ...l, newQuantity: l.lineNo === 2 ? '14' : l.newQuantity })),
        }),
        current,
      ),
    ).toEqual({
      note: 'Caps are 14',
      items: { change: [{ lineNo: 2, quantity: '14' }] },
    });
  });

  it('sends a new close time as an ISO instant', () => {
    const body = addendumBody(inputs({ closeAt: '2026-03-05T09:30' }), '2026-03-04T01:00:00.000Z');
    expect(body).toEqual({ note: 'Caps are 14', closeAt: new Date('2026-03-05T09:30').toISOString() });
  });
});
