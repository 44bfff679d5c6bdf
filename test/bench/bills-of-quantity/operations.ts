// The BQ benches' operation mix (bills-of-quantity.bench.ts measures it, profile.ts counts its round trips):
// turn by turn a caller updates, moves, indents or outdents, adds and deletes on its own header's items.

/** What a caller needs to make its next operation: its BQ tab, header, items and last revision. */
export type OperationCaller = { project: string; tab: string; header: string; items: string[]; revision: number; indented: boolean };

/** The `turn`th operation of `caller`: the path under /api/bq-item/ and its body. */
export function bqOperation(caller: OperationCaller, turn: number): [path: string, body: Record<string, unknown>] {
  const item = caller.items[turn % caller.items.length]!;
  const step = turn % 6;
  const base = { project_id: caller.project, bq_tab_id: caller.tab, revision: caller.revision };
  return step === 0
    ? ['update', { ...base, id: item, quantity: String(1 + (turn % 97)) }]
    : // One row of items[2..] moves up at turn 12k + 1 and back down at 12k + 7: the tree's order comes back,
      // and no row drifts above items[0] (moves of a different row each time once did, over a minute, and
      // left items[0] under an item, where every indent was then refused).
      step === 1
      ? [
          'move',
          { ...base, id: caller.items[2 + (Math.floor(turn / 12) % (caller.items.length - 2))]!, direction: turn % 12 < 6 ? 'up' : 'down' },
        ]
      : step === 2 || step === 3
        ? [caller.indented ? 'outdent' : 'indent', { ...base, id: caller.items[0]! }]
        : step === 4
          ? ['add', { ...base, parent_id: caller.header, type: 'item', title: 'Extra', quantity: '1', rate: '10' }]
          : ['delete', { ...base, id: caller.items.at(-1)! }];
}
