// Last known revision and hash per stream, so an append that expects the revision this process wrote
// last does not read the head first. It is only a hint: the append's conditional write checks both
// revision and hash in the database, and a miss just costs one read.

type Head = { revision: number; hash: string };

export class HeadCache {
  private readonly heads = new Map<string, Head>();

  constructor(private readonly capacity: number) {}

  get(streamId: string): Head | undefined {
    const head = this.heads.get(streamId);
    if (head) {
      // Map keeps insertion order: re-inserting marks it as most recently used.
      this.heads.delete(streamId);
      this.heads.set(streamId, head);
    }
    return head;
  }

  set(streamId: string, head: Head): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > this.capacity) this.heads.delete(this.heads.keys().next().value!);
  }

  /** Keeps `head` unless the hint held is already at a later revision (a read may race an append here). */
  setIfNewer(streamId: string, head: Head): void {
    const held = this.heads.get(streamId);
    if (!held || held.revision < head.revision) this.set(streamId, head);
  }

  /** Moves a hint this cache holds to `head` when it is later (no new entry: the whole log passes through here). */
  updateIfHeld(streamId: string, head: Head): void {
    const held = this.heads.get(streamId);
    if (held && held.revision < head.revision) this.heads.set(streamId, head);
  }

  delete(streamId: string): void {
    this.heads.delete(streamId);
  }
}
