// What seals opened to, remembered by this process (issue 31 point 7): a person's name and e-mail are
// copied into dozens of events, and a "pd2:" seal of the same values of the same person is the same bytes
// (field-cipher.ts), so a replay that reads personal fields pays one AES-GCM open per distinct value, not
// one per event. Bounded (least recently used persons go first), and a person's entries go the moment
// the key store says their key is destroyed (here at once, from another process at its next check, as the
// keys themselves): an entry is also used only with the very key it was opened with, so a key read again
// (or gone) never meets values opened before.

import type { JsonObject } from '../types.js';

/** Entries in all (a few hundred bytes each: the seal's text, which the event holds anyway, and the values). */
export const OPENED_VALUES_ENTRIES = 20_000;
/** Entries of one person (their distinct seals: a name, an e-mail and a number in a few combinations). */
const PER_SUBJECT = 256;

type Opened = { names: string; values: Readonly<JsonObject> };
type Person = { key: Buffer; seals: Map<string, Opened> };

export class OpenedValues {
  private readonly persons = new Map<string, Person>();
  private size = 0;

  constructor(private readonly limit = OPENED_VALUES_ENTRIES) {}

  /** The values `body` opened to under this very key and these field names, if remembered. */
  get(subject: string, key: Buffer, names: string, body: string): Readonly<JsonObject> | undefined {
    const person = this.persons.get(subject);
    if (person === undefined) return undefined;
    if (person.key !== key) {
      this.forget(subject);
      return undefined;
    }
    const opened = person.seals.get(body);
    // The names are bound to the bytes by GCM's associated data; a seal given other names never opened, so it is not this entry.
    if (opened === undefined || opened.names !== names) return undefined;
    if (this.persons.size > 1) {
      // Most recently used last: the first person in the map is the one to drop.
      this.persons.delete(subject);
      this.persons.set(subject, person);
    }
    return opened.values;
  }

  /** Remembers values of plain JSON scalars only (readers share the object, so nothing in it can be changed). */
  set(subject: string, key: Buffer, names: string, body: string, values: JsonObject): void {
    for (const name in values) {
      const value = values[name];
      if (value !== null && typeof value === 'object') return;
    }
    let person = this.persons.get(subject);
    if (person !== undefined && person.key !== key) {
      this.forget(subject);
      person = undefined;
    }
    if (person === undefined) {
      person = { key, seals: new Map() };
      this.persons.set(subject, person);
    }
    if (person.seals.has(body)) return;
    if (person.seals.size >= PER_SUBJECT) {
      person.seals.delete(person.seals.keys().next().value!);
      this.size--;
    }
    person.seals.set(body, { names, values: Object.freeze(values) });
    this.size++;
    while (this.size > this.limit) this.forget(this.persons.keys().next().value!);
  }

  /** Drops everything opened for `subject` (its key was destroyed), or for everyone (null). */
  forget(subject: string | null): void {
    if (subject === null) {
      this.persons.clear();
      this.size = 0;
      return;
    }
    const person = this.persons.get(subject);
    if (person === undefined) return;
    this.size -= person.seals.size;
    this.persons.delete(subject);
  }

  /** How many seals are remembered (for the specs). */
  get entries(): number {
    return this.size;
  }
}
