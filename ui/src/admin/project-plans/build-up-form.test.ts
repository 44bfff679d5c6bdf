// The build-up master's form as data: its checks (every problem at once), the body it sends, and its figures
// as the api prices an item (worked by hand below, not from the code).
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  draftFigures,
  draftOf,
  figuresOf,
  filledLines,
  lineAmount,
  newLine,
  problemsOf,
  totalSubAllowed,
  type Draft,
} from './build-up-form.js';

const excavation = {
  code: 'EXC',
  description: 'Excavation',
  totalSub: null,
  profitPercent: '10.00',
  lines: [
    { category: 'labour' as const, description: 'Labourer', unit: 'day', quantity: '2.000', rate: '120.00' },
    { category: 'plant' as const, description: 'Excavator', unit: 'hr', quantity: '1.000', rate: '95.00' },
  ],
};

describe('build-up figures', () => {
  it('prices from the lines: labour 2 x 120, plant 1 x 95, 10 % profit: 335.00 + 33.50 = 368.50', () => {
    const f = figuresOf(excavation);
    expect([f.labour, f.material, f.plant, f.cost, f.profit, f.rate]).toEqual([24000n, 0n, 9500n, 33500n, 3350n, 36850n]);
  });
  it('prices from the total sub alone when there is one: 85.00 at 5 % is 89.25', () => {
    expect(figuresOf({ ...excavation, totalSub: '85.00', profitPercent: '5.00' })).toMatchObject({
      cost: 8500n,
      profit: 425n,
      rate: 8925n,
    });
  });
  it('rounds half up to the sen: 1.5 x 0.33 = 0.495 -> 0.50; 12.5 % of 0.50 = 0.0625 -> 0.06', () => {
    expect(lineAmount({ quantity: '1.5', rate: '0.33' })).toBe(50n);
    const draft: Draft = {
      ...draftOf(),
      code: 'X',
      profitPercent: '12.5',
      lines: [{ ...newLine('material'), description: 'Sand', quantity: '1.5', rate: '0.33' }],
    };
    expect(draftFigures(draft)).toMatchObject({ material: 50n, cost: 50n, profit: 6n, rate: 56n });
  });
  it('counts a line only once its quantity and rate are numbers', () => {
    expect(lineAmount({ quantity: '2', rate: 'abc' })).toBeNull();
    const draft: Draft = {
      ...draftOf(),
      lines: [
        { ...newLine(), description: 'A', quantity: '2', rate: '' },
        { ...newLine('plant'), description: 'B', quantity: '3', rate: '10' },
      ],
    };
    expect(draftFigures(draft)).toMatchObject({ labour: 0n, plant: 3000n, cost: 3000n });
  });
});

describe('build-up form checks', () => {
  it('reports every problem at once, keyed as the api keys its fields', () => {
    const draft: Draft = {
      code: ' ',
      description: '',
      totalSubOn: false,
      totalSub: '',
      profitPercent: 'ten',
      profitParameterId: '',
      heldParameter: null,
      lines: [{ ...newLine(), description: '', quantity: '-1', rate: '1.234' }, newLine()],
    };
    expect(problemsOf(draft, [])).toEqual({
      code: 'admin.buildUps.problems.codeRequired',
      profitPercent: 'admin.buildUps.problems.percent',
      'lines[0].description': 'admin.buildUps.problems.required',
      'lines[0].quantity': 'admin.buildUps.problems.quantity',
      'lines[0].rate': 'admin.buildUps.problems.money',
    });
  });
  it('refuses a trade code the budget holds in any spelling', () => {
    expect(problemsOf({ ...draftOf(), code: 'exc', lines: [] }, ['EXC'])).toEqual({ code: 'error.tradeCodeTaken' });
  });
  it('offers the total sub only with trade code and description, and checks its amount', () => {
    expect(totalSubAllowed({ ...draftOf(), code: 'PIL', description: '' })).toBe(false);
    expect(totalSubAllowed({ ...draftOf(), code: 'PIL', description: 'Piling' })).toBe(true);
    expect(problemsOf({ ...draftOf(), code: 'PIL', description: '', totalSubOn: true, totalSub: '85' }, [])).toEqual({
      totalSub: 'error.totalSubNeedsTradeCode',
    });
    expect(problemsOf({ ...draftOf(), code: 'PIL', description: 'Piling', totalSubOn: true, totalSub: '8.555' }, [])).toEqual({
      totalSub: 'admin.buildUps.problems.money',
    });
  });
});

describe('build-up body', () => {
  it('sends the filled lines trimmed, an empty unit as null, and no total sub when it is off', () => {
    const draft: Draft = {
      code: ' CON ',
      description: 'Concrete grade 30 ',
      totalSubOn: false,
      totalSub: '99',
      profitPercent: '7.5',
      profitParameterId: '',
      heldParameter: null,
      lines: [{ ...newLine('material'), description: ' Ready mix ', unit: '', quantity: '1.05', rate: '310' }, newLine()],
    };
    expect(filledLines(draft)).toHaveLength(1);
    expect(bodyOf(draft)).toEqual({
      code: 'CON',
      description: 'Concrete grade 30',
      totalSub: null,
      profitPercent: '7.5',
      profitParameterId: null,
      lines: [{ category: 'material', description: 'Ready mix', unit: null, quantity: '1.05', rate: '310' }],
    });
  });
  it('sends a total sub without lines', () => {
    const draft: Draft = { ...draftOf(excavation), totalSubOn: true, totalSub: '400' };
    expect(bodyOf(draft)).toMatchObject({ code: 'EXC', totalSub: '400', lines: [] });
  });
  it('names the picked profit parameter, none as null, and opens a build-up with the one it holds', () => {
    const held = { id: 'pp-1', code: 'OP-10', description: 'Overhead and profit 10%' };
    const draft = draftOf({ ...excavation, profitParameter: held });
    expect(draft).toMatchObject({ profitParameterId: 'pp-1', heldParameter: held });
    expect(bodyOf(draft).profitParameterId).toBe('pp-1');
    expect(bodyOf({ ...draft, profitParameterId: '' }).profitParameterId).toBeNull();
    expect(draftOf(excavation)).toMatchObject({ profitParameterId: '', heldParameter: null });
  });
  it('opens an existing build-up with its lines, its percent as typed', () => {
    const draft = draftOf(excavation);
    expect(draft).toMatchObject({ code: 'EXC', totalSubOn: false, profitPercent: '10' });
    expect(draft.lines.map((l) => [l.category, l.description, l.unit, l.quantity, l.rate])).toEqual([
      ['labour', 'Labourer', 'day', '2.000', '120.00'],
      ['plant', 'Excavator', 'hr', '1.000', '95.00'],
    ]);
  });
});
