// The one id check every context uses before it reads.
import { describe, expect, it } from '@jest/globals';
import { isUuid } from './uuid.js';

describe('isUuid', () => {
  it('accepts a lower-case UUID of any version', () => {
    expect(
      ['0190f5a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e', '3fa85f64-5717-4562-b3fc-2c963f66afa6', '00000000-0000-0000-0000-000000000000'].map(isUuid),
    ).toEqual([true, true, true]);
  });

  it('refuses upper case, a wrong length or grouping, padding, and what is no text', () => {
    const refused = [
      '3FA85F64-5717-4562-B3FC-2C963F66AFA6',
      '3fa85f64-5717-4562-b3fc-2c963f66afa',
      '3fa85f6457174562b3fc2c963f66afa6',
      ' 3fa85f64-5717-4562-b3fc-2c963f66afa6',
      '3fa85f64-5717-4562-b3fc-2c963f66afa6\n',
      'g0000000-0000-0000-0000-000000000000',
      '',
      42,
      null,
      undefined,
    ];
    expect(refused.filter(isUuid)).toEqual([]);
  });
});
