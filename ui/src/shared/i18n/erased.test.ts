import { describe, expect, it } from 'vitest';
import { ERASED } from '@binaan/contracts';
import { formatPersonName, showErased } from './erased.js';

describe('a forgotten person in a reply', () => {
  it("reads in the reader's word wherever the marker stands, nested or in a sentence", () => {
    const reply = {
      data: [{ name: ERASED, email: ERASED, history: [{ by: ERASED, note: `Approved by ${ERASED}` }] }, { name: 'Kumar' }],
      total: 2,
    };
    expect(showErased(reply, 'dipadam')).toEqual({
      data: [{ name: 'dipadam', email: 'dipadam', history: [{ by: 'dipadam', note: 'Approved by dipadam' }] }, { name: 'Kumar' }],
      total: 2,
    });
  });

  it('leaves a reply without the marker as the same object', () => {
    const reply = { data: [{ name: 'Kumar' }], total: 1 };
    expect(showErased(reply, 'erased')).toBe(reply);
  });

  it('formats names: erased in English before the catalogues load, a dash for none', () => {
    expect(formatPersonName(ERASED)).toBe('erased');
    expect(formatPersonName('Siti')).toBe('Siti');
    expect(formatPersonName('')).toBe('-');
  });
});
