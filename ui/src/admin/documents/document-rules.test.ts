import { describe, expect, it } from 'vitest';
import { validateDocument } from './document-rules.js';

describe("the document form names each empty required field (errors in the user's language, on their fields)", () => {
  it("the title, each line item's description, unit, quantity and rate, and a claim item's description", () => {
    const errors = validateDocument({
      title: ' ',
      items: [
        { description: 'Road works', unit: '', quantity: '', rate: '' },
        { description: '', unit: 'lot', quantity: '1', rate: '0.00', includeZeroRate: true },
      ],
      claimItems: [{ description: null }],
    });
    expect(errors).toEqual({
      title: 'ra.validation.required',
      'items.0.unit': 'ra.validation.required',
      'items.0.quantity': 'ra.validation.required',
      'items.0.rate': 'ra.validation.required',
      'items.1.description': 'ra.validation.required',
      'claimItems.0.description': 'ra.validation.required',
    });
  });

  it('a filled form has none', () => {
    expect(validateDocument({ title: 'Roof works', items: [{ description: 'Roof', unit: 'm2', quantity: '10', rate: '12.50' }] })).toEqual(
      {},
    );
  });
});
