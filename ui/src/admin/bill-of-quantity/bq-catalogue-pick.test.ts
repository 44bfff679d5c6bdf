import { describe, expect, it } from 'vitest';
import { catalogueLine, pickedFields } from './bq-catalogue-pick.js';

const item = { name: 'Ready mix concrete grade 30', description: 'Pumped', unit: 'm3', unitPrice: '310.00' };

describe('a catalogue item picked in a BQ description cell', () => {
  it('writes description, unit and rate on an item row', () => {
    expect(pickedFields({ type: 'item', buildUpCode: null }, item)).toEqual({
      description: 'Ready mix concrete grade 30: Pumped',
      unit: 'm3',
      rate: '310.00',
    });
  });
  it('leaves the rate to the build-up that prices the row, and a header takes the description only', () => {
    expect(pickedFields({ type: 'item', buildUpCode: 'CON' }, item)).toEqual({
      description: 'Ready mix concrete grade 30: Pumped',
      unit: 'm3',
    });
    expect(pickedFields({ type: 'header', buildUpCode: null }, item)).toEqual({ description: 'Ready mix concrete grade 30: Pumped' });
  });
  it("keeps the row's unit and rate when the item has none, and the name alone without a description", () => {
    expect(pickedFields({ type: 'item', buildUpCode: null }, { ...item, description: ' ', unit: '', unitPrice: '' })).toEqual({
      description: 'Ready mix concrete grade 30',
    });
    expect(catalogueLine({ name: 'x', description: 'y'.repeat(5000) })).toHaveLength(4000);
  });
});
