import { describe, expect, it } from 'vitest';
import { machineLine } from './line-suggestions.js';

describe('the line a chosen machine writes', () => {
  it('names its type, brand and model, and its capacity when known', () => {
    expect(machineLine({ type: 'Excavator', brand: 'Hitachi', model: 'ZX200', capacity: '20 t' })).toBe('Excavator: Hitachi ZX200, 20 t');
    expect(machineLine({ type: ' Tower crane ', brand: 'Liebherr', model: '81 K.1', capacity: '' })).toBe('Tower crane: Liebherr 81 K.1');
  });

  it("stays within a line description's 500 characters", () => {
    expect(machineLine({ type: 'T'.repeat(100), brand: 'B'.repeat(100), model: 'M'.repeat(100), capacity: 'C'.repeat(400) })).toHaveLength(
      500,
    );
  });
});
