// What this process sealed lately (appends): a seal ("pd3:") is a function of the person's
// key, the field names and the values (field-cipher.ts: the IV is an HMAC of them), so the same values of
// the same person seal to the same text, and a person's name and e-mail are sealed again in every event
// that carries them. Remembering the text saves the HMAC, the AES-GCM pass and the base64 on each of those.
//
// Filed under the person's data key object (person-entries.ts, as opened-values.ts): found only with the very key it was made
// with, so a key destroyed ('forgotten') or read again finds nothing; and a person's entries go the moment
// the key store says their key is destroyed. Bounded: a person keeps their latest PER_SUBJECT seals, and
// when all of them hold SEALED_VALUES_ENTRIES, everything is dropped (a burst of values that never recur
// costs one clear, never a search for the oldest).

import { PersonEntries } from './person-entries.js';

export const SEALED_VALUES_ENTRIES = 20_000;
const PER_SUBJECT = 64;

/** Per person (person-entries.ts), the seal bodies made: by the names and the plaintext. */
export class SealedValues extends PersonEntries<string, string> {
  constructor(private readonly limit = SEALED_VALUES_ENTRIES) {
    super();
  }

  /** The seal's body made before under this very key for these names and this plaintext (JSON of the values). */
  get(key: Buffer, names: string, plaintext: string): string | undefined {
    return this.persons.get(key)?.entries.get(`${names}\u0000${plaintext}`);
  }

  /** Remembers `body` and gives it back. */
  set(subject: string, key: Buffer, names: string, plaintext: string, body: string): string {
    if (this.size >= this.limit && !this.persons.has(key)) this.forget(null);
    const person = this.shelfFor(subject, key);
    const entry = `${names}\u0000${plaintext}`;
    if (!person.entries.has(entry)) this.add(person, entry, body, PER_SUBJECT);
    return body;
  }
}
