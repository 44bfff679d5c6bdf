// What a process remembers of persons' sealed data (opened-values.ts: what seals opened to; sealed-values.ts:
// what values sealed to), filed per person under their data key object: a map keyed by an object hashes
// nothing, and an entry is found on a shelf only with the very key it was made with, so a key gone
// ('forgotten') or read again (a new object) finds nothing there. A person's entries go at once when
// forgotten by subject; `dropped` tells a subclass that keeps another index beside the shelves
// (opened-values.ts finds its entries by seal text too).

/** One person's entries, made under one key object. `used`: read since an eviction last passed them. */
export type PersonShelf<K, V> = { subject: string; entries: Map<K, V>; used: boolean };

export class PersonEntries<K, V> {
  protected readonly persons = new Map<Buffer, PersonShelf<K, V>>();
  /** Each subject's key in `persons` (one at most), for forgetting by subject. */
  private readonly keyOf = new Map<string, Buffer>();
  protected size = 0;

  /** The subject's shelf under this very key, made when missing (and what was kept under an older key of theirs dropped). */
  protected shelfFor(subject: string, key: Buffer): PersonShelf<K, V> {
    let shelf = this.persons.get(key);
    if (shelf === undefined) {
      // The subject's key was read again (a new object): what was made with the old one goes.
      this.forget(subject);
      shelf = { subject, entries: new Map(), used: false };
      this.persons.set(key, shelf);
      this.keyOf.set(subject, key);
    }
    return shelf;
  }

  /** Adds an entry not held yet; the person's oldest goes when they hold `perSubject`. */
  protected add(shelf: PersonShelf<K, V>, entry: K, value: V, perSubject: number): void {
    if (shelf.entries.size >= perSubject) {
      const [oldest, dropped] = shelf.entries.entries().next().value!;
      shelf.entries.delete(oldest);
      this.size--;
      this.dropped(dropped);
    }
    shelf.entries.set(entry, value);
    this.size++;
  }

  /** Drops everything kept for `subject` (its key was destroyed), or for everyone (null). */
  forget(subject: string | null): void {
    if (subject === null) {
      this.persons.clear();
      this.keyOf.clear();
      this.size = 0;
      this.droppedAll();
      return;
    }
    const key = this.keyOf.get(subject);
    if (key === undefined) return;
    this.keyOf.delete(subject);
    const shelf = this.persons.get(key);
    if (shelf === undefined) return;
    this.size -= shelf.entries.size;
    this.persons.delete(key);
    for (const value of shelf.entries.values()) this.dropped(value);
  }

  /** An entry went (its person's oldest, or its person forgotten): for an index a subclass keeps beside the shelves. */
  protected dropped(_value: V): void {}

  /** Everything went. */
  protected droppedAll(): void {}

  /** How many entries are kept (for the specs). */
  get entries(): number {
    return this.size;
  }
}
