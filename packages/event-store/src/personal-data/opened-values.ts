// What seals opened to, remembered by this process (issue 31 point 7): a person's name and e-mail are
// copied into dozens of events, and a "pd2:" seal of the same values of the same person is the same bytes
// (field-cipher.ts), so a replay that reads personal fields pays one AES-GCM open per distinct value, not
// one per event. Bounded (the persons not read lately go first), and a person's entries go the moment
// the key store says their key is destroyed (here at once, from another process at its next check, as the
// keys themselves).
//
// Entries are filed under the person's data key itself (the object the key store holds: a map keyed by an
// object hashes nothing), so they are only ever found with the very key they were opened with: a key
// gone ('forgotten') or read again finds nothing. Within a person, an entry is found by the seal's IV,
// not by the whole seal: the IV is an HMAC of the subject, the names and the values under the person's
// key, so under that key and those names it names one value set (a seal whose other bytes were changed,
// which GCM would refuse, reads here as the genuine seal with that IV, which anyone able to change the
// bytes could copy in anyway). The map's key is a number made of the IV's first characters, the entry
// keeps the whole IV (16 characters) to compare: no string is made or hashed on a read.
//
// A seal is remembered the second time it is opened, not the first: remembering every value of a replay
// whose values never recur (100,000 distinct seals) cost more in inserts and garbage collection than the
// opens it saved (measured: twice the CPU per event of not remembering). The first sightings are bits in
// a small table indexed by the IV's first characters (no allocation; a bit another seal set lets a value
// in early, which costs nothing but an entry). Once full, one seal in 16 is let in (by a character of its
// IV): a replay of more distinct values than the cache holds, read twice, would otherwise replace an entry
// at every event and never hit (measured: 3 µs more an event than not remembering).

import type { JsonObject } from '../types.js';
import { PersonEntries } from './person-entries.js';

/** Entries in all (a couple of hundred bytes each: the IV and the values). */
export const OPENED_VALUES_ENTRIES = 20_000;
/** Entries of one person (their distinct seals: a name, an e-mail and a number in a few combinations). */
const PER_SUBJECT = 256;
/** First sightings: 2^18 bits (32 KiB), cleared after 2^16 marks (a quarter set at most). */
const SIGHTING_BITS = 18;
const SIGHTINGS_BEFORE_CLEARING = 1 << 16;
/** The IV is 12 bytes: 16 characters of base64url at the start of the seal's body. */
const IV_CHARS = 16;

type Opened = { names: string; iv: string; values: Readonly<JsonObject> };

/** 28 bits of the IV's first 4 characters (a small integer: the map hashes it for nothing). */
const ivNumberAt = (text: string, at: number) => (text.charCodeAt(at) << 21) | (text.charCodeAt(at + 1) << 14) | (text.charCodeAt(at + 2) << 7) | text.charCodeAt(at + 3);
const ivNumber = (body: string) => ivNumberAt(body, 0);

/** Per person (person-entries.ts), the seals opened: by the IV's number. A person's `used` flag is read since the eviction last passed them (a second chance, so a hit costs a field write, not a move in the map). */
export class OpenedValues extends PersonEntries<number, Opened> {
  private readonly sightings = new Uint8Array((1 << SIGHTING_BITS) / 8);
  private marks = 0;

  /**
   * Whether the key store still holds this key for the subject (the codec sets it): an event opened just
   * before its person was forgotten still opens with the key it captured, and what it opens is not kept.
   */
  stillHeld: (subject: string, key: Buffer) => boolean = () => true;

  constructor(private readonly limit = OPENED_VALUES_ENTRIES) {
    super();
  }

  /** The values `body` (a "pd2:" seal's base64url) opened to under this very key and these field names, if remembered. */
  get(key: Buffer, names: string, body: string): Readonly<JsonObject> | undefined {
    const person = this.persons.get(key);
    if (person === undefined) return undefined;
    const opened = person.entries.get(ivNumber(body));
    // The names are bound to the bytes by GCM's associated data; a seal given other names never opened, so it is not this entry.
    if (opened === undefined || opened.names !== names || !body.startsWith(opened.iv)) return undefined;
    person.used = true;
    return opened.values;
  }

  /**
   * get() for a whole seal text ("pd2:subject:names:body") with the names at [namesStart, namesEnd) and the
   * body after namesEnd's colon: what a page of events is read with, cutting no string out of the seal.
   */
  getAt(key: Buffer, sealed: string, namesStart: number, namesEnd: number): Readonly<JsonObject> | undefined {
    const person = this.persons.get(key);
    if (person === undefined) return undefined;
    const bodyStart = namesEnd + 1;
    const opened = person.entries.get(ivNumberAt(sealed, bodyStart));
    if (opened === undefined || opened.names.length !== namesEnd - namesStart || !sealed.startsWith(opened.names, namesStart) || !sealed.startsWith(opened.iv, bodyStart)) return undefined;
    person.used = true;
    return opened.values;
  }

  /** Remembers values of plain JSON scalars only (readers share the object, so nothing in it can be changed), on their second opening. */
  set(subject: string, key: Buffer, names: string, body: string, values: JsonObject): void {
    if (body.length < IV_CHARS || (this.size >= this.limit && (body.charCodeAt(8) & 15) !== 0)) return;
    if (this.firstSight(body) || !this.stillHeld(subject, key)) return;
    for (const name in values) {
      const value = values[name];
      if (value !== null && typeof value === 'object') return;
    }
    const person = this.shelfFor(subject, key);
    const number = ivNumber(body);
    if (person.entries.has(number)) return;
    // Two halves joined: a copy of the 16 characters, where one slice would keep the whole event's text alive.
    this.add(person, number, { names, iv: body.slice(0, 8) + body.slice(8, IV_CHARS), values: Object.freeze(values) }, PER_SUBJECT);
    while (this.size > this.limit) this.evictOne();
  }

  /**
   * Drops the person longest in the map who was not read since the eviction last passed them ("second
   * chance", near enough to least recently used); those read go to the end, unmarked.
   */
  private evictOne(): void {
    for (const [key, person] of this.persons) {
      if (person.used) {
        person.used = false;
        this.persons.delete(key);
        this.persons.set(key, person);
        continue;
      }
      this.forget(person.subject);
      return;
    }
  }

  /** Marks the seal seen and says whether it was the first time (as far as the table knows). */
  private firstSight(body: string): boolean {
    const bit = ((body.charCodeAt(4) << 18) ^ (body.charCodeAt(5) << 12) ^ (body.charCodeAt(6) << 6) ^ body.charCodeAt(7)) & ((1 << SIGHTING_BITS) - 1);
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
}
