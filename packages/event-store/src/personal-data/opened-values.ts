// What seals opened to, remembered by this process: a person's name and e-mail are
// copied into dozens of events, and a seal ("pd2:", "pd3:") of the same values of the same person is the same bytes
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
//
// Beside the shelves, every entry is also found by its whole seal text (`bySeal`), without the subject, the
// key or the names cut out of the seal and without asking the key store: what a replay does for nearly every
// event once the values recur. That index needs no key because a data key never changes (a rotation re-wraps
// the same key) and only goes, and when it goes the person's entries leave both places: forgotten here at
// once, elsewhere at the key store's next check (which tells of every erasure it reads, held or not), or all
// of them when the key store no longer trusts what it holds.

import type { JsonObject } from '../types.js';
import { PersonEntries, type PersonShelf } from './person-entries.js';
import { SEALED_PREFIX_LENGTH as PREFIX_LENGTH } from './personal-data.js';

/** Entries in all (a couple of hundred bytes each: the IV and the values). */
export const OPENED_VALUES_ENTRIES = 20_000;
/** Entries of one person (their distinct seals: a name, an e-mail and a number in a few combinations). */
const PER_SUBJECT = 256;
/** First sightings: 2^18 bits (32 KiB), cleared after 2^16 marks (a quarter set at most). */
const SIGHTING_BITS = 18;
const SIGHTINGS_BEFORE_CLEARING = 1 << 16;
/** The IV's first 12 bytes (all of a "pd2:" seal's, most of a "pd3:" seal's 16): 16 characters of base64url at the start of the seal's body. */
const IV_CHARS = 16;

/** `seal`: the whole seal text ("pd3:subject:positions:body", a string of its own), `names`: written out, `shelf`: its person's, for the second chance. */
type Opened = { names: string; iv: string; values: Readonly<JsonObject>; seal: string; shelf: PersonShelf<number, Opened> };

/** 28 bits of the IV's first 4 characters (a small integer: the map hashes it for nothing). */
const ivNumberAt = (text: string, at: number) =>
  (text.charCodeAt(at) << 21) | (text.charCodeAt(at + 1) << 14) | (text.charCodeAt(at + 2) << 7) | text.charCodeAt(at + 3);
const ivNumber = (body: string) => ivNumberAt(body, 0);
/** A string of its own: flat, and not a view of the one it was cut from (V8 makes a slice of 13 characters or more a view, and a join keeps its parts). */
export const stringOfItsOwn = (text: string) => (' ' + text).slice(1);

/** 28 bits of a seal's last 4 characters (a pd2 seal's GCM tag, a pd3 seal's ciphertext, in base64url): the whole-text index's number. */
const tailNumber = (seal: string) => ivNumberAt(seal, seal.length - 4);

/** Per person (person-entries.ts), the seals opened: by the IV's number. A person's `used` flag is read since the eviction last passed them (a second chance, so a hit costs a field write, not a move in the map). */
export class OpenedValues extends PersonEntries<number, Opened> {
  /** Seals opened (`set` keeps one at its second opening), and seals the codec met (it opens one at the second meeting). */
  private readonly openings = new Sightings();
  private readonly met = new Sightings();
  /** Every entry by its seal's tail number (one entry a number: a rare collision finds the other, which the text compare refuses). */
  private readonly bySeal = new Map<number, Opened>();

  /**
   * Whether the key store still holds this key for the subject (the codec sets it): an event opened just
   * before its person was forgotten still opens with the key it captured, and what it opens is not kept.
   */
  stillHeld: (subject: string, key: Buffer) => boolean = () => true;

  constructor(private readonly limit = OPENED_VALUES_ENTRIES) {
    super();
  }

  /** The values `body` (a seal's base64url) opened to under this very key and these field names (written out), if remembered. */
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
   * The values a whole seal text ("pd3:subject:positions:body") opened to, if remembered: a number from its last
   * characters and one compare of the text, no string cut out of it and no key looked up (see above).
   */
  bySealText(sealed: string): Readonly<JsonObject> | undefined {
    if (sealed.length < IV_CHARS) return undefined;
    const opened = this.bySeal.get(tailNumber(sealed));
    if (opened === undefined || opened.seal !== sealed) return undefined;
    opened.shelf.used = true;
    return opened.values;
  }

  /**
   * Remembers values of plain JSON scalars only (readers share the object, so nothing in it can be changed), on their second opening.
   * `text`: the whole seal, its body from `bodyStart`; `names`: the fields written out (what `get` is asked with, also for a "pd3:" seal, whose text holds their positions).
   */
  set(text: string, subject: string, key: Buffer, names: string, bodyStart: number, values: JsonObject): void {
    if (text.length - bodyStart < IV_CHARS || (this.size >= this.limit && (text.charCodeAt(bodyStart + 8) & 15) !== 0)) return;
    if (this.openings.firstAt(text, bodyStart) || !this.stillHeld(subject, key)) return;
    for (const name in values) {
      const value = values[name];
      if (value !== null && typeof value === 'object') return;
    }
    const number = ivNumberAt(text, bodyStart);
    if (this.persons.get(key)?.entries.has(number)) return;
    // Copies of their own (flat): slices of what was given (often of a whole row's text, when a page was
    // read with its seals apart) would keep that text alive.
    const seal = stringOfItsOwn(text);
    const person = this.shelfFor(seal.slice(PREFIX_LENGTH, PREFIX_LENGTH + subject.length), key);
    const opened: Opened = {
      names: stringOfItsOwn(names),
      iv: seal.slice(bodyStart, bodyStart + IV_CHARS),
      values: Object.freeze(values),
      seal,
      shelf: person,
    };
    this.add(person, number, opened, PER_SUBJECT);
    this.bySeal.set(tailNumber(seal), opened);
    while (this.size > this.limit) this.evictOne();
  }

  protected override dropped(opened: Opened): void {
    const number = tailNumber(opened.seal);
    if (this.bySeal.get(number) === opened) this.bySeal.delete(number);
  }

  protected override droppedAll(): void {
    this.bySeal.clear();
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

  /**
   * Marks a seal met by the codec and says whether it was the first time (as far as its table knows):
   * `text` holds the seal's body from `bodyStart`. What the codec meets again it opens at once (a person's
   * values recur), and that opening counts as any other for `set`.
   */
  firstMeetingAt(text: string, bodyStart: number): boolean {
    return this.met.firstAt(text, bodyStart);
  }
}

/** First sightings: bits in a small table indexed by a seal's characters (no allocation), cleared when a quarter could be set. */
class Sightings {
  private readonly bits = new Uint8Array((1 << SIGHTING_BITS) / 8);
  private marks = 0;

  /** Marks the seal whose body starts at `bodyStart` and says whether it was the first time (as far as the table knows). */
  firstAt(text: string, bodyStart: number): boolean {
    const bit =
      ((text.charCodeAt(bodyStart + 4) << 18) ^
        (text.charCodeAt(bodyStart + 5) << 12) ^
        (text.charCodeAt(bodyStart + 6) << 6) ^
        text.charCodeAt(bodyStart + 7)) &
      ((1 << SIGHTING_BITS) - 1);
    const mask = 1 << (bit & 7);
    if ((this.bits[bit >> 3]! & mask) !== 0) return false;
    if (this.marks >= SIGHTINGS_BEFORE_CLEARING) {
      this.bits.fill(0);
      this.marks = 0;
    }
    this.bits[bit >> 3]! |= mask;
    this.marks++;
    return true;
  }
}
