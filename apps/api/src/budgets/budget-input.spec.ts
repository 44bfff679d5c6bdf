// A budget line's fields as read from a request: every bad field reported at once, each under
// its own name in `fields`, as the other validations report them.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import { lineValues } from './budget-input.js';

function refusal(work: () => unknown): Refused {
  try {
    work();
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('budget line fields', () => {
  it('a new line with every field wrong: all three reported, 400 validationFailed', () => {
    const refused = refusal(() => lineValues({ code: ' ', description: 42, amount: '-1' }, true));
    expect([refused.getStatus(), refused.code]).toEqual([400, 'validationFailed']);
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(['amount', 'code', 'description']);
    expect(refused.fields?.code).toEqual(['required']);
  });

  it('a change names only the fields it sends, and only the bad ones', () => {
    const refused = refusal(() => lineValues({ description: 'Piling', amount: '12.345' }, false));
    expect(refused.fields).toEqual({ amount: ['must be an amount from 0 with at most 2 decimals'] });
  });

  it('good fields come back trimmed, the amount to the sen', () => {
    expect(lineValues({ code: ' EXC ', description: ' Excavation ', amount: '1500.5' }, true)).toEqual({
      code: 'EXC',
      description: 'Excavation',
      amount: '1500.50',
    });
    expect(lineValues({ amount: '7' }, false)).toEqual({ amount: '7.00' });
  });
});
