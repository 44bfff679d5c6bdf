import { describe, expect, it } from 'vitest';
import { criteriaBody, newKey, weightOf, weightSum } from './analysis-model.js';

describe('analysis questionnaire form', () => {
  it('reads whole weights from 0 to 100 only', () => {
    expect([weightOf('0'), weightOf(' 40 '), weightOf('100'), weightOf('101'), weightOf('12.5'), weightOf(''), weightOf('-5')]).toEqual([
      0,
      40,
      100,
      null,
      null,
      null,
      null,
    ]);
  });
  it('adds the price weight to the criteria weights', () => {
    expect(
      weightSum('60', [
        { key: 'c1', name: 'Safety', weight: '25' },
        { key: 'c2', name: 'Method', weight: '15' },
      ]),
    ).toBe(100);
    expect(weightSum('60', [{ key: 'c1', name: 'Safety', weight: 'x' }])).toBeNull();
  });
  it('sends the body only when the weights make 100 and every criterion has a name', () => {
    expect(criteriaBody('70', [{ key: 'c1', name: ' Safety ', weight: '30' }])).toEqual({
      priceWeight: 70,
      criteria: [{ key: 'c1', name: 'Safety', weight: 30 }],
    });
    expect(criteriaBody('70', [{ key: 'c1', name: 'Safety', weight: '20' }])).toBeNull();
    expect(criteriaBody('70', [{ key: 'c1', name: '  ', weight: '30' }])).toBeNull();
    expect(criteriaBody('100', [])).toEqual({ priceWeight: 100, criteria: [] });
  });
  it('gives a new criterion a key no other has', () => {
    expect(newKey([])).toBe('c1');
    expect(newKey([{ key: 'c2', name: 'a', weight: '1' }])).toBe('c3');
    expect(
      newKey([
        { key: 'c2', name: 'a', weight: '1' },
        { key: 'c3', name: 'b', weight: '1' },
      ]),
    ).toBe('c4');
  });
});
