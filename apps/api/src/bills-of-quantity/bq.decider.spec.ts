// The ten operations of the tree table (spec §4.9) and the BQ rules (§5.3), given a state, when a command,
// then events (or a refusal), and the tree they leave.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import { checkFresh, decideBq, type BqCommand } from './bq.decider.js';
import { applyBqEvent, emptyBq, flatNodes, tabViews, type BqState } from './bq-tree.js';

const AT = '2026-05-01T00:00:00.000Z';

function run(state: BqState, ...commands: BqCommand[]): BqState {
  let n = 100;
  for (const command of commands)
    for (const event of decideBq(state, command, { newId: () => `c${++n}` })) applyBqEvent(state, event, state.revision + 1, AT);
  return state;
}

function refusal(state: BqState, command: BqCommand): [number, string] {
  try {
    decideBq(state, command, { newId: () => 'x' });
  } catch (error) {
    if (error instanceof Refused) return [error.getStatus(), error.code];
    throw error;
  }
  throw new Error('not refused');
}

const rows = (state: BqState) => flatNodes(state).map((n) => `${n.parentId ?? '-'}/${n.order} ${n.id} ${n.type} ${n.title} ${n.amount}`);

/** Tab A: header H (item I1 10 x 2.50, item I2 3 x 100), item T at the top. */
function given(): BqState {
  return run(
    emptyBq('p', 'c'),
    { type: 'addTab', tabId: 'A', name: 'Substructure' },
    { type: 'add', tabId: 'A', nodeId: 'H', parentId: null, nodeType: 'header', fields: { title: 'Excavation' } },
    {
      type: 'add',
      tabId: 'A',
      nodeId: 'I1',
      parentId: 'H',
      nodeType: 'item',
      fields: { title: 'Trench', quantity: '10.000', rate: '2.50' },
    },
    { type: 'add', tabId: 'A', nodeId: 'I2', parentId: 'H', nodeType: 'item', fields: { title: 'Pit', quantity: '3.000', rate: '100.00' } },
    { type: 'add', tabId: 'A', nodeId: 'T', parentId: null, nodeType: 'item', fields: { title: 'Top', quantity: '1.000', rate: '0.01' } },
  );
}

describe('BQ tree operations', () => {
  it('add: amounts roll up to the header, the tab and the BQ', () => {
    const state = given();
    expect(rows(state)).toEqual([
      '-/0 H header Excavation 325.00',
      'H/0 I1 item Trench 25.00',
      'H/1 I2 item Pit 300.00',
      '-/1 T item Top 0.01',
    ]);
    expect(tabViews(state)).toEqual([{ id: 'A', name: 'Substructure', order: 0, amount: '325.01' }]);
    expect(state.amount).toBe(32501n);
  });

  it('add at a position renumbers the siblings', () => {
    const state = run(given(), {
      type: 'add',
      tabId: 'A',
      nodeId: 'I0',
      parentId: 'H',
      nodeType: 'item',
      fields: { title: 'First' },
      order: 0,
    });
    expect(rows(state).slice(0, 4)).toEqual([
      '-/0 H header Excavation 325.00',
      'H/0 I0 item First 0.00',
      'H/1 I1 item Trench 25.00',
      'H/2 I2 item Pit 300.00',
    ]);
  });

  it('update: a new quantity changes the amounts above it', () => {
    const state = run(given(), { type: 'update', tabId: 'A', nodeId: 'I1', fields: { quantity: '20.000' } });
    expect(rows(state).slice(0, 2)).toEqual(['-/0 H header Excavation 350.00', 'H/0 I1 item Trench 50.00']);
  });

  it('move swaps with the neighbour; the first cannot go up', () => {
    const state = run(given(), { type: 'move', tabId: 'A', nodeId: 'I2', direction: 'up' });
    expect(rows(state).slice(1, 3)).toEqual(['H/0 I2 item Pit 300.00', 'H/1 I1 item Trench 25.00']);
    expect(refusal(state, { type: 'move', tabId: 'A', nodeId: 'I2', direction: 'up' })).toEqual([409, 'bqCannotMove']);
  });

  it('delete takes the descendants and their amounts', () => {
    const state = run(given(), { type: 'delete', tabId: 'A', nodeId: 'H' });
    expect(rows(state)).toEqual(['-/0 T item Top 0.01']);
    expect([state.nodes.size, state.amount]).toEqual([1, 1n]);
  });

  it('duplicate copies the subtree right after it, the copy titled "Copy of"', () => {
    const state = run(given(), { type: 'duplicate', tabId: 'A', nodeId: 'H' });
    expect(rows(state)).toEqual([
      '-/0 H header Excavation 325.00',
      'H/0 I1 item Trench 25.00',
      'H/1 I2 item Pit 300.00',
      '-/1 c101 header Copy of Excavation 325.00',
      'c101/0 c102 item Trench 25.00',
      'c101/1 c103 item Pit 300.00',
      '-/2 T item Top 0.01',
    ]);
    expect(state.amount).toBe(65001n);
  });

  it('indent goes under the previous sibling (a header); outdent goes back after the former parent', () => {
    const state = given();
    expect(refusal(state, { type: 'indent', tabId: 'A', nodeId: 'H' })).toEqual([409, 'bqCannotIndent']);
    run(state, { type: 'indent', tabId: 'A', nodeId: 'T' });
    expect(rows(state)).toEqual([
      '-/0 H header Excavation 325.01',
      'H/0 I1 item Trench 25.00',
      'H/1 I2 item Pit 300.00',
      'H/2 T item Top 0.01',
    ]);
    run(state, { type: 'outdent', tabId: 'A', nodeId: 'I1' });
    expect(rows(state)).toEqual([
      '-/0 H header Excavation 300.01',
      'H/0 I2 item Pit 300.00',
      'H/1 T item Top 0.01',
      '-/1 I1 item Trench 25.00',
    ]);
    expect(refusal(state, { type: 'outdent', tabId: 'A', nodeId: 'I1' })).toEqual([409, 'bqCannotOutdent']);
    // Under an item: refused (promote it first).
    expect(refusal(state, { type: 'indent', tabId: 'A', nodeId: 'T' })).toEqual([422, 'bqParentNotHeader']);
  });

  it('promote header clears the price; demote only a header without rows', () => {
    const state = run(given(), { type: 'promote', tabId: 'A', nodeId: 'T' });
    expect(rows(state)[3]).toBe('-/1 T header Top 0.00');
    expect(state.nodes.get('T')).toMatchObject({ quantity: null, rate: null });
    expect(refusal(state, { type: 'promote', tabId: 'A', nodeId: 'T' })).toEqual([409, 'bqAlreadyHeader']);
    expect(refusal(state, { type: 'demote', tabId: 'A', nodeId: 'H' })).toEqual([409, 'bqHeaderHasChildren']);
    run(state, { type: 'demote', tabId: 'A', nodeId: 'T' });
    expect(rows(state)[3]).toBe('-/1 T item Top 0.00');
  });

  it('refusals: no tab yet, unknown tab or row, priced header, row under an item', () => {
    expect(refusal(emptyBq(), { type: 'add', tabId: null, nodeId: 'x', parentId: null, nodeType: 'item', fields: {} })).toEqual([
      422,
      'bqTabRequired',
    ]);
    const state = given();
    expect(refusal(state, { type: 'add', tabId: 'B', nodeId: 'x', parentId: null, nodeType: 'item', fields: {} })).toEqual([
      404,
      'bqTabNotFound',
    ]);
    expect(refusal(state, { type: 'update', tabId: 'A', nodeId: 'nope', fields: {} })).toEqual([404, 'bqNodeNotFound']);
    expect(
      refusal(state, { type: 'add', tabId: 'A', nodeId: 'x', parentId: null, nodeType: 'header', fields: { quantity: '1.000' } }),
    ).toEqual([422, 'bqHeaderNotPriced']);
    expect(refusal(state, { type: 'add', tabId: 'A', nodeId: 'x', parentId: 'I1', nodeType: 'item', fields: {} })).toEqual([
      422,
      'bqParentNotHeader',
    ]);
    expect(refusal(state, { type: 'addTab', tabId: 'B', name: ' substructure ' })).toEqual([409, 'bqTabNameTaken']);
  });

  it('tabs: removing one takes its rows and its amount', () => {
    const state = run(
      given(),
      { type: 'addTab', tabId: 'B', name: 'Preliminaries', order: 0 },
      { type: 'add', tabId: 'B', nodeId: 'P', parentId: null, nodeType: 'item', fields: { quantity: '1.000', rate: '5.00' } },
    );
    expect(tabViews(state).map((t) => [t.name, t.order, t.amount])).toEqual([
      ['Preliminaries', 0, '5.00'],
      ['Substructure', 1, '325.01'],
    ]);
    run(state, { type: 'removeTab', tabId: 'A' });
    expect([state.nodes.size, state.amount]).toEqual([1, 500n]);
  });
});

describe('BQ build-ups (spec §5.3)', () => {
  const lines = [{ category: 'labour' as const, description: 'Mason', unit: 'day', quantity: '1.000', rate: '150.00' }];

  it('a total sub needs trade code and description, erases the lines, and allows the rate to be edited', () => {
    const state = given();
    expect(
      refusal(state, {
        type: 'saveBuildUp',
        isNew: true,
        buildUp: { code: 'EX1', description: '', totalSub: '12.00', lines, profitPercent: '10.00' },
      }),
    ).toEqual([422, 'totalSubNeedsTradeCode']);
    const events = decideBq(
      state,
      {
        type: 'saveBuildUp',
        isNew: true,
        buildUp: { code: 'EX1', description: 'Excavation sub', totalSub: '12.00', lines, profitPercent: '10.00' },
      },
      { newId: () => 'x' },
    );
    expect(events).toEqual([
      {
        type: 'BqBuildUpSaved',
        data: { code: 'EX1', description: 'Excavation sub', totalSub: '12.00', lines: [], profitPercent: '10.00', erasedLines: 1 },
      },
    ]);
    run(state, {
      type: 'saveBuildUp',
      isNew: true,
      buildUp: { code: 'EX1', description: 'Excavation sub', totalSub: '12.00', lines, profitPercent: '10.00' },
    });
    run(state, {
      type: 'saveBuildUp',
      isNew: true,
      buildUp: { code: 'MS1', description: 'Masonry', totalSub: null, lines, profitPercent: '10.00' },
    });
    expect(
      refusal(state, {
        type: 'saveBuildUp',
        isNew: true,
        buildUp: { code: 'ms1', description: 'Again', totalSub: null, lines, profitPercent: '0.00' },
      }),
    ).toEqual([409, 'tradeCodeTaken']);
    run(state, { type: 'update', tabId: 'A', nodeId: 'I1', fields: { buildUpCode: 'EX1', rate: '13.00' } });
    run(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: { buildUpCode: 'MS1' } });
    expect(refusal(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: { rate: '1.00' } })).toEqual([
      422,
      'tradeCodeOfRateEditedNotTotalSub',
    ]);
    expect(refusal(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: { buildUpCode: 'NOPE' } })).toEqual([
      422,
      'unknownTradeCode',
    ]);
  });
});

describe('BQ build-ups price items', () => {
  const lines = [
    { category: 'labour' as const, description: 'Mason', unit: 'day', quantity: '2.000', rate: '120.00' },
    { category: 'material' as const, description: 'Mortar', unit: 'm3', quantity: '0.500', rate: '10.00' },
  ];

  it('an item with a trade code takes its build-up rate, profit and rate; saving the build-up again prices it again', () => {
    const state = run(given(), {
      type: 'saveBuildUp',
      isNew: true,
      buildUp: { code: 'MS1', description: 'Masonry', totalSub: null, lines, profitPercent: '10.00' },
    });
    run(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: { buildUpCode: 'MS1', buildUpRate: '1.00' } });
    expect(state.nodes.get('I2')).toMatchObject({ buildUpRate: '245.00', buildUpProfitAmount: '24.50', rate: '269.50', amount: 80850n });
    expect(rows(state)[0]).toBe('-/0 H header Excavation 833.50');
    run(state, {
      type: 'saveBuildUp',
      isNew: false,
      buildUp: { code: 'MS1', description: 'Masonry', totalSub: null, lines, profitPercent: '20.00' },
    });
    expect(state.nodes.get('I2')).toMatchObject({ buildUpProfitAmount: '49.00', rate: '294.00', amount: 88200n });
    run(state, { type: 'removeBuildUp', code: 'MS1' });
    expect(state.nodes.get('I2')).toMatchObject({ buildUpCode: null, buildUpRate: null, rate: '294.00' });
  });

  it('over a total sub a typed rate stays; added with a code, a row is priced at once', () => {
    const state = run(given(), {
      type: 'saveBuildUp',
      isNew: true,
      buildUp: { code: 'EX1', description: 'Excavation sub', totalSub: '12.00', lines: [], profitPercent: '10.00' },
    });
    run(state, { type: 'update', tabId: 'A', nodeId: 'I1', fields: { buildUpCode: 'EX1', rate: '13.00' } });
    expect(state.nodes.get('I1')).toMatchObject({ buildUpRate: '12.00', buildUpProfitAmount: '1.20', rate: '13.00', amount: 13000n });
    run(state, {
      type: 'add',
      tabId: 'A',
      nodeId: 'N',
      parentId: 'H',
      nodeType: 'item',
      fields: { title: 'New', quantity: '2.000', buildUpCode: 'EX1' },
    });
    expect(state.nodes.get('N')).toMatchObject({ rate: '13.20', amount: 2640n });
  });
});

describe('BQ concurrency: per node', () => {
  it('a change made on an older revision goes through unless what it touches changed since', () => {
    const state = given();
    const base = state.revision;
    run(state, { type: 'update', tabId: 'A', nodeId: 'I1', fields: { title: 'Changed by someone else' } });
    expect(() => checkFresh(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: { title: 'Mine' } }, base)).not.toThrow();
    try {
      checkFresh(state, { type: 'update', tabId: 'A', nodeId: 'I1', fields: { title: 'Mine' } }, base);
      throw new Error('not refused');
    } catch (error) {
      expect(error).toMatchObject({ status: 409, code: 'wrongExpectedRevision', extra: { revision: base + 1, changed: ['I1'] } });
    }
    // Swapping with a neighbour that changed, or adding under a header that changed, is stale too.
    expect(() => checkFresh(state, { type: 'move', tabId: 'A', nodeId: 'I2', direction: 'up' }, base)).toThrow(Refused);
    expect(() => checkFresh(state, { type: 'update', tabId: 'A', nodeId: 'I2', fields: {} }, base + 5)).toThrow(Refused);
  });
});
