// What seals opened to, remembered by this process (issue 31 point 7): a person's name and e-mail are
// copied into dozens of events, and a "pd2:" seal of the same values of the same person is the same bytes
// (field-cipher.ts), so a replay that reads personal fields pays one AES-GCM open per distinct value, not
// one per event. Bounded (least recently used persons go first), and a person's entries go the moment
// the key store says their key is destroyed (here at once, from another process at its next check, as the
// keys themselves): an entry is also used only with the very key it was opened with, so a key read again
// (or gone) never meets values opened before.
//
// An entry is found by the seal's IV (its first 16 base64url characters), not by the whole seal: the IV is
// an HMAC of the subject, the names and the values under the person's key, so under that key and those
// names it names one value set (a seal whose other bytes were changed, which GCM would refuse, reads here
// as the genuine seal with that IV, which anyone able to change the bytes could copy in anyway). A short
// key is quick to hash, and the entry keeps no part of the event's text alive.
//
// A seal is remembered the second time it is opened, not the first: remembering every value of a replay
// whose values never recur (100,000 distinct seals) cost more in inserts and garbage collection than the
// opens it saved (measured: twice the CPU per event of not remembering). The first sightings are bits in
// a small table indexed by the IV's first characters (no allocation; a bit another seal set lets a value
// in early, which costs nothing but an entry).

import type { JsonObject } from '../types.js';

/** Entries in all (a couple of hundred bytes each: the IV and the values). */
export const OPENED_VALUES_ENTRIES = 20_000;
/** Entries of one person (their distinct seals: a name, an e-mail and a number in a few combinations). */
const PER_SUBJECT = 256;
/** First sightings: 2^18 bits (32 KiB), cleared after 2^16 marks (a quarter set at most). */
const SIGHTING_BITS = 18;
const SIGHTINGS_BEFORE_CLEARING = 1 << 16;

/** The IV is 12 bytes, 16 characters of base64url: 12 make the map's key (a copy, where 13 or more would be a slice holding the whole seal), 4 are kept to compare. */
const KEY_CHARS = 12;
const IV_CHARS = 16;
type Opened = { names: string; ivTail: string; values: Readonly<JsonObject> };
type Person = { key: Buffer; seals: Map<string, Opened> };

export class OpenedValues {
  private readonly persons = new Map<string, Person>();
  private size = 0;
  private readonly sightings = new Uint8Array((1 << SIGHTING_BITS) / 8);
  private marks = 0;

  constructor(private readonly limit = OPENED_VALUES_ENTRIES) {}

  /** The values `body` (a "pd2:" seal's base64url) opened to under this very key and these field names, if remembered. */
  get(subject: string, key: Buffer, names: string, body: string): Readonly<JsonObject> | undefined {
    const person = this.persons.get(subject);
    if (person === undefined) return undefined;
    if (person.key !== key) {
      this.forget(subject);
      return undefined;
    }
    const opened = person.seals.get(body.slice(0, KEY_CHARS));
    // The names are bound to the bytes by GCM's associated data; a seal given other names never opened, so it is not this entry.
    if (opened === undefined || opened.names !== names || !body.startsWith(opened.ivTail, KEY_CHARS)) return undefined;
    if (this.persons.size > 1) {
      // Most recently used last: the first person in the map is the one to drop.
      this.persons.delete(subject);
      this.persons.set(subject, person);
    }
    return opened.values;
  }

  /** Remembers values of plain JSON scalars only (readers share the object, so nothing in it can be changed), on their second opening. */
  set(subject: string, key: Buffer, names: string, body: string, values: JsonObject): void {
    if (body.length < IV_CHARS || this.firstSight(body)) return;
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
    const iv = body.slice(0, KEY_CHARS);
    if (person.seals.has(iv)) return;
    if (person.seals.size >= PER_SUBJECT) {
      person.seals.delete(person.seals.keys().next().value!);
      this.size--;
    }
    person.seals.set(iv, { names, ivTail: body.slice(KEY_CHARS, IV_CHARS), values: Object.freeze(values) });
    this.size++;
    while (this.size > this.limit) this.forget(this.persons.keys().next().value!);
  }

  /** Marks the seal seen and says whether it was the first time (as far as the table knows). */
  private firstSight(body: string): boolean {
    const bit = ((body.charCodeAt(0) << 18) ^ (body.charCodeAt(1) << 12) ^ (body.charCodeAt(2) << 6) ^ body.charCodeAt(3)) & ((1 << SIGHTING_BITS) - 1);
    const mask = 1 << (bit & 7);
    if ((this.sightings[bit >> 3]! & mask) !== 0) return false;
    if (this.marks >= SIGHTINGS_BEFORE_CLEARING) {
      this.sightings.fill(0);
      this.marks = 0;
    }
    this.sightings[bit >> 3]! |= mask;
    this.marks++;
    return true;
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
