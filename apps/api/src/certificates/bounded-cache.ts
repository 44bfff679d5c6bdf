// A small in-memory map for facts that never change once recorded (a certificate number's registration, an
// event's attendance rule), so a verification need not read them again. Bounded: when full, the oldest
// entry goes (Map keeps insertion order). Per instance; a miss just reads the store.
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
