// The transparency log's tree on a SQL store: grown from the committed log, its roots and proofs agree with
// the tree recomputed from the events, and two growers at once take each event once. (The stores are
// closed by the suite that made them.)

import { describe, expect, it } from '@jest/globals';
import { MemoryTree, leafHashOfEvent, verifyConsistency, verifyInclusion } from '../merkle/merkle.js';
import { SqlMerkleLog } from '../merkle/sql-merkle-log.js';
import type { SqlEventStore } from '../sql/sql-event-store.js';
import type { EventStore } from '../types.js';
import { actor, type ContractHarness } from './harness.js';

export function describeMerkleLogContract(harness: ContractHarness, fresh: () => Promise<EventStore>): void {
  const treeOf = (store: EventStore) => new SqlMerkleLog((store as SqlEventStore).db);
  const appendSome = async (store: EventStore, stream: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await store.append({
        streamId: stream,
        streamType: 'thing',
        expectedRevision: i === 0 ? 'no_stream' : i - 1,
        events: [{ type: 'ThingHappened', data: { i }, metadata: actor }],
      });
    }
  };

  describe('transparency log tree', () => {
    it('takes the committed log as leaves in order, and its roots and proofs match the tree recomputed from the events', async () => {
      const store = await fresh();
      const tree = treeOf(store);
      expect(await tree.state()).toEqual({ treeSize: 0, afterPosition: 0 });
      await appendSome(store, 'thing-a', 7);
      // Small pages: the right edge is carried from one step to the next.
      for (let step = 0; step < 10; step++) await tree.grow(3);
      await appendSome(store, 'thing-b', 6);
      const state = await tree.catchUp(4);
      expect(state.treeSize).toBe(13);

      const memory = new MemoryTree();
      // The tree's own reader takes the log in readAll's order.
      const events = (await store.readAll({ limit: 100 })).events;
      for (const event of events) memory.append(leafHashOfEvent(event.hash));
      for (let size = 1; size <= 13; size++) {
        const root = await tree.root(size);
        expect(root.equals(await memory.root(size))).toBe(true);
        for (let index = 0; index < size; index++) {
          const path = await tree.inclusionProof(index, size);
          expect(verifyInclusion(leafHashOfEvent(events[index]!.hash), index, size, path, root)).toBe(true);
        }
        expect(verifyConsistency(size, 13, await tree.consistencyProof(size, 13), root, await tree.root(13))).toBe(true);
      }
      const leaf = await tree.leafOfEvent(events[4]!.id);
      expect(leaf).toEqual({ leafIndex: 4, globalPosition: events[4]!.globalPosition, eventId: events[4]!.id, eventHash: events[4]!.hash });
      expect(await tree.leafOfEvent('00000000-0000-4000-8000-00000000dead')).toBeNull();
      await expect(tree.inclusionProof(13, 13)).rejects.toThrow(RangeError);
      await expect(tree.inclusionProof(2, 14)).rejects.toThrow(/no node/);
    });

    it('takes each event once when two grow at the same time', async () => {
      const store = await fresh();
      await appendSome(store, 'thing-c', 20);
      const [one, two] = [treeOf(store), treeOf(store)];
      const states = await Promise.all([one.catchUp(3), two.catchUp(5), one.catchUp(2)]);
      // Each one that finds a page taken reads on: none returns before the whole log is in the tree.
      expect(states.map((state) => state.treeSize)).toEqual([20, 20, 20]);
      const leaves = await one.leaves(0, 100);
      expect(leaves.map((leaf) => leaf.leafIndex)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(new Set(leaves.map((leaf) => leaf.eventId)).size).toBe(20);
      expect((await one.state()).treeSize).toBe(20);
    });
  });
  void harness;
}
